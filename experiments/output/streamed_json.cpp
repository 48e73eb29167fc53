// The pretty printer's layout written by hand around nlohmann's own serializer of each number.
#include "experiments/output/streamed_json.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>

namespace mpnsim {

void write_streamed_json(const nlohmann::ordered_json& doc, const std::vector<StreamedArray>& arrays,
                         std::ostream& out) {
  using json = nlohmann::ordered_json;
  if (!doc.is_object() || doc.empty()) {
    out << doc.dump(2);
    return;
  }
  // Each number goes through the library's serializer, so that it reads exactly as in a
  // dumped document (its float format is its own, not the shortest round trip of std::to_chars).
  // The serializer is in nlohmann's detail namespace: the public dump() would make a string a
  // number, which costs as much as the whole document did. It writes into `text`, which goes to
  // the stream 64 KiB at a time: three stream calls a number, each taking the stream's sentry,
  // were about a third of the report's samples in perf at d = 20.
  std::string text;
  nlohmann::detail::serializer<json> numbers(nlohmann::detail::output_adapter<char>(text), ' ');
  constexpr std::size_t kFlushAt = std::size_t{1} << 16;
  // The text of the last number written, for the next one with the same bits: a layered
  // strategy gives every processor of a layer the same share, so hypercube-nlf's three arrays of
  // 2^20 numbers at d = 20 hold 47 runs of equal numbers, and formatting each number was most of
  // the report (grisu2, 22 % of the command's instructions at d = 17). Bits, not ==, so that -0
  // never takes 0's text.
  std::uint64_t last_bits = 0;
  std::string last_text;
  out << "{\n";
  std::size_t i = 0;
  for (auto it = doc.begin(); it != doc.end(); ++it, ++i) {
    out << "  " << json(it.key()).dump() << ": ";
    const auto streamed = std::find_if(arrays.begin(), arrays.end(),
                                       [&](const StreamedArray& a) { return a.key == it.key(); });
    if (streamed != arrays.end()) {
      const std::vector<double>& values = *streamed->values;
      if (values.empty()) {
        out << "[]";
      } else {
        text = "[\n";
        for (std::size_t k = 0; k < values.size(); ++k) {
          text += "    ";
          const double x = values[k] / streamed->divisor;
          if (const auto bits = std::bit_cast<std::uint64_t>(x); last_text.empty() || bits != last_bits) {
            const std::size_t at = text.size();
            numbers.dump(json(x), false, false, 0);
            last_text.assign(text, at);
            last_bits = bits;
          } else {
            text += last_text;
          }
          text += k + 1 < values.size() ? ",\n" : "\n";
          if (text.size() >= kFlushAt) {
            out.write(text.data(), static_cast<std::streamsize>(text.size()));
            text.clear();
          }
        }
        text += "  ]";
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        text.clear();
      }
    } else {
      // The value as the printer writes it one level down: every line after its first indented by 2.
      for (const char c : it.value().dump(2)) {
        out.put(c);
        if (c == '\n') out << "  ";
      }
    }
    out << (i + 1 < doc.size() ? ",\n" : "\n");
  }
  out << "}";
}

}  // namespace mpnsim
