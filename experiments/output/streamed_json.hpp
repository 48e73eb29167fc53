// A report's JSON written as `out << std::setw(2) << doc` writes it, with its long arrays of
// numbers streamed from their vectors instead of held in the document.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace mpnsim {

// The array of `key`: values[i] / divisor for each i (a divisor of 1 writes the values as they are).
struct StreamedArray {
  std::string key;
  const std::vector<double>* values = nullptr;
  double divisor = 1;
};

// Writes the object `doc` with indent 2, byte for byte as nlohmann's pretty printer does, except
// that the value of each key named in `arrays` is that array: a 2^20-processor report then never
// holds three million numbers as JSON nodes (about 50 MB, and half its time). Keys of `arrays`
// that `doc` does not have are not written: put the key in `doc`, with an empty array, where it belongs.
void write_streamed_json(const nlohmann::ordered_json& doc, const std::vector<StreamedArray>& arrays,
                         std::ostream& out);

}  // namespace mpnsim
