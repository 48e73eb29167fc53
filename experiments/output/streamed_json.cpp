// The pretty printer's layout written by hand around nlohmann's own serializer of each number.
#include "experiments/output/streamed_json.hpp"

#include <algorithm>
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
          numbers.dump(json(values[k] / streamed->divisor), false, false, 0);
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
