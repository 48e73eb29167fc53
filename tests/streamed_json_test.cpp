// Tests of write_streamed_json: the same bytes as nlohmann's pretty printer, arrays streamed.
#include <gtest/gtest.h>

#include <cmath>
#include <iomanip>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "experiments/output/streamed_json.hpp"

namespace mpnsim {
namespace {

using json = nlohmann::ordered_json;

std::string pretty(const json& doc) {
  std::ostringstream out;
  out << std::setw(2) << doc;
  return out.str();
}

std::string streamed(const json& doc, const std::vector<StreamedArray>& arrays) {
  std::ostringstream out;
  write_streamed_json(doc, arrays, out);
  return out.str();
}

std::vector<double> awkward_numbers() {
  std::vector<double> v{0.0, -0.0, 1.0, -1.0, 0.1, 1e-7, 1e-300, 4.9e-324, 1.7976931348623157e308, 123456789012345678.0,
                        1e15, 1e16, 1e21, 1e22, 0.0001, 0.00001, 2.5e-5, std::nan(""),
                        std::numeric_limits<double>::infinity(), 1.0 / 3.0};
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  // Enough for each streamed array to pass the writer's 64 KiB chunk more than once.
  for (int i = 0; i < 3000; ++i) v.push_back(u(rng) * std::pow(10.0, static_cast<int>(rng() % 40) - 20));
  return v;
}

// Every value kind around the streamed arrays; `frame` is the document with an empty array under each streamed key.
TEST(StreamedJson, WritesWhatThePrettyPrinterWrites) {
  const std::vector<double> numbers = awkward_numbers();
  const std::vector<double> none;
  json full, frame;
  for (json* d : {&full, &frame}) {
    (*d)["name"] = "a \"quoted\"\nline\t\u00e9";
    (*d)["count"] = 3;
    (*d)["big"] = std::uint64_t{18446744073709551615u};
    (*d)["nothing"] = nullptr;
    (*d)["flag"] = true;
  }
  json fractions = json::array();
  for (double x : numbers) fractions.push_back(x / 7.0);
  full["fractions"] = fractions;
  full["values"] = numbers;
  full["empty"] = json::array();
  frame["fractions"] = json::array();
  frame["values"] = json::array();
  frame["empty"] = json::array();
  for (json* d : {&full, &frame}) {
    (*d)["figures"] = json{{"x", 1.5}, {"nested", json{{"deep", json::array({1, 2, json::object()})}}}};
    (*d)["no_figures"] = json::object();
    (*d)["notes"] = json::array({"one", "two"});
    (*d)["no_notes"] = json::array();
  }
  const std::string expected = pretty(full);
  // Runs of equal numbers, as a layered strategy's shares come, next to numbers that compare
  // equal with other bits (0 and -0) or unequal with the same bits (NaN).
  const std::vector<double> runs{0.0, 0.0, -0.0, -0.0, 0.0, std::nan(""), std::nan(""),
                                 std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
                                 -std::numeric_limits<double>::infinity(), 1.0 / 3.0, 1.0 / 3.0, 0.1, 0.1, 0.1,
                                 1e-300, 1e-300, 5.0, 5.0, 2.5, 2.5};
  json with_runs, runs_frame;
  with_runs["same"] = runs;
  with_runs["halves"] = json::array();
  for (double x : runs) with_runs["halves"].push_back(x / 2.0);
  runs_frame["same"] = json::array();
  runs_frame["halves"] = json::array();
  EXPECT_EQ(streamed(runs_frame, {{"same", &runs}, {"halves", &runs, 2.0}}), pretty(with_runs));
  EXPECT_EQ(streamed(frame, {{"fractions", &numbers, 7.0}, {"values", &numbers}, {"empty", &none},
                                    {"absent", &numbers}}),
            expected);
  // With no array streamed it is the printer's own output.
  EXPECT_EQ(streamed(full, {}), expected);
  EXPECT_EQ(streamed(json::object(), {}), pretty(json::object()));
}

}  // namespace
}  // namespace mpnsim
