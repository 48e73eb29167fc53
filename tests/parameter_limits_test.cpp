// Declared parameters fit the types the models narrow them to, and their ranges read well (issue #12, F12).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "experiments/config/machine_config.hpp"
#include "experiments/kinds/task_tree/task_tree_setup.hpp"
#include "schedulers/registry.hpp"
#include "sim/parameters.hpp"
#include "topologies/registry.hpp"
#include "workloads/registry.hpp"

namespace mpnsim {
namespace {

// Where a model keeps a parameter as int, its declared range must fit an int:
// parse_param checks the range before anything narrows the value.
void expect_fits_int(const std::string& owner, const std::vector<ParamSpec>& params) {
  for (const auto& p : params) {
    if (p.type != ParamType::integer || p.name == "seed") continue;  // seeds are 64-bit
    EXPECT_TRUE(std::isfinite(p.min) && p.min >= std::numeric_limits<std::int32_t>::min())
        << owner << "." << p.name << " min " << p.min;
    EXPECT_TRUE(std::isfinite(p.max) && p.max <= std::numeric_limits<std::int32_t>::max())
        << owner << "." << p.name << " max " << p.max;
  }
}

TEST(ParameterLimits, EveryIntegerParameterFitsAnInt) {
  for (const auto& e : topology_registry()) expect_fits_int("topology " + e.name, e.params);
  for (const auto& e : scheduler_registry()) expect_fits_int(e.kind + " " + e.name, e.params);
  for (const auto& e : workload_registry()) expect_fits_int("workload " + e.name, e.params);
  expect_fits_int("processor", processor_params());
  expect_fits_int("link", link_params());
  expect_fits_int("execution", tree_execution_params());
}

TEST(ParameterLimits, PortsStopAtIntMax) {
  const ParamSpec ports{"send_ports", ParamType::ports, "1", "", 0, 0, {}};
  EXPECT_EQ(std::get<std::int64_t>(parse_param(ports, "2147483647")), 2147483647);
  EXPECT_EQ(std::get<std::int64_t>(parse_param(ports, "all")), 0);
  EXPECT_THROW(parse_param(ports, "2147483648"), ParamError);
  EXPECT_THROW(parse_param(ports, "4294967297"), ParamError);  // F12: was read as 1
  EXPECT_THROW(parse_param(ports, "4294967296"), ParamError);  // F12: was read as all
}

TEST(ParameterLimits, RangesAtTheEdgeOfDoubleAreNotSpelledOut) {
  const ParamSpec positive{"load", ParamType::real, "", "", 1e-300, std::numeric_limits<double>::max(), {}};
  EXPECT_EQ(describe_type(positive), "a number > 0");
  const ParamSpec any{"z", ParamType::real, "", "", 0, 1e300, {}};
  EXPECT_EQ(describe_type(any), "a number >= 0");
  const ParamSpec bounded{"depth", ParamType::integer, "", "", 0, 1000, {}};
  EXPECT_EQ(describe_type(bounded), "an integer in [0, 1000]");
}

TEST(ParameterLimits, SuggestionsCountASwapAsOneEdit) {
  const std::vector<std::string> schedulers{"lps", "hlf", "dls", "dls-pairs", "heft"};
  EXPECT_EQ(nearest_name("hetf", schedulers), "heft");  // was hlf
  EXPECT_EQ(nearest_name("lsp", schedulers), "lps");
  const std::vector<std::string> flags{"dim", "strategy", "layers", "beta"};
  EXPECT_EQ(nearest_name("dimm", flags), "dim");
  EXPECT_EQ(nearest_name("send-ports", std::vector<std::string>{"send_ports", "recv_ports"}), "send_ports");
  EXPECT_EQ(nearest_name("xyzzy", flags), "");
}

}  // namespace
}  // namespace mpnsim
