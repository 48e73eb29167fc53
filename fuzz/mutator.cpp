// The mutations: bytes, structure characters, edge-case numbers, repeats and splices.
#include "fuzz/mutator.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace mpnsim::fuzz {

namespace {

// Characters with a meaning in one of the formats (the first eight open something), and a
// few bytes no text should hold.
constexpr std::string_view kStructure = "{[<\"(-:#}]>)';,=+\n\r\t /\\*.eE0123456789_|&!%@$~`";
constexpr std::array<char, 4> kOddBytes{'\0', '\x7f', '\x80', '\xff'};

// Numbers at the edges of what readers convert to: int, unsigned, int64, double's range and
// precision, exponents in every spelling, and things that only look like numbers.
constexpr std::array<std::string_view, 40> kNumbers{
    "0", "-0", "-1", "1", "2", "7", "255", "256", "65536", "2147483647", "2147483648", "-2147483649",
    "4294967295", "4294967296", "4294967297", "9223372036854775807", "9223372036854775808",
    "18446744073709551616", "99999999999999999999999", "100000000", "1e308", "1.7976931348623157e308", "1e309",
    "-1e308", "4.9e-324", "1e-320", "2.2250738585072014e-308", "1e17", "1e+20", "3.5e-06", "1E5", "0.1",
    "1e-9", ".5", "5.", "-.5", "nan", "inf", "-inf", "0x10"};

std::size_t below(std::mt19937_64& rng, std::size_t n) {  // uniform in [0, n), n > 0
  return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
}

// A random range [b, e) of s, short more often than long.
std::pair<std::size_t, std::size_t> range_of(const std::string& s, std::mt19937_64& rng) {
  const std::size_t b = below(rng, s.size() + 1);
  const std::size_t longest = std::min<std::size_t>(s.size() - b, std::size_t{1} << below(rng, 12));
  return {b, b + below(rng, longest + 1)};
}

}  // namespace

std::string Mutator::mutate(const std::string& base, const std::vector<std::string>& others,
                            std::mt19937_64& rng) const {
  std::string s = base;
  const std::size_t rounds = 1 + below(rng, 8);
  for (std::size_t i = 0; i < rounds; ++i) mutate_once(s, others, rng);
  if (s.size() > max_len_) s.resize(max_len_);
  return s;
}

void Mutator::mutate_once(std::string& s, const std::vector<std::string>& others, std::mt19937_64& rng) const {
  const std::size_t pos = below(rng, s.size() + 1);
  switch (below(rng, 13)) {
    case 0:  // flip a bit
      if (!s.empty()) s[pos % s.size()] = static_cast<char>(s[pos % s.size()] ^ (1 << below(rng, 8)));
      break;
    case 1:  // overwrite a byte with a structure character
      if (!s.empty()) s[pos % s.size()] = kStructure[below(rng, kStructure.size())];
      break;
    case 2:  // insert structure characters
      for (std::size_t n = 1 + below(rng, 4); n > 0; --n) s.insert(pos, 1, kStructure[below(rng, kStructure.size())]);
      break;
    case 3:  // insert an odd byte
      s.insert(pos, 1, kOddBytes[below(rng, kOddBytes.size())]);
      break;
    case 4: {  // erase a range
      const auto [b, e] = range_of(s, rng);
      s.erase(b, e - b);
      break;
    }
    case 5: {  // copy a range elsewhere
      const auto [b, e] = range_of(s, rng);
      s.insert(below(rng, s.size() + 1), s.substr(b, e - b));
      break;
    }
    case 6: {  // repeat a short chunk many times: deep nesting, long lines, many records
      const auto [b, e] = range_of(s, rng);
      const std::string chunk = s.substr(b, std::min<std::size_t>(e - b, 16));
      if (chunk.empty()) break;
      const std::size_t times = std::size_t{1} << below(rng, 15);
      std::string run;
      for (std::size_t k = 0; k < times && run.size() < max_len_; ++k) run += chunk;
      s.insert(e, run);
      break;
    }
    case 7:
    case 8: {  // replace a number (or insert one where there is none)
      std::size_t b = pos;
      while (b < s.size() && !std::isdigit(static_cast<unsigned char>(s[b]))) ++b;
      const std::string_view number = kNumbers[below(rng, kNumbers.size())];
      if (b >= s.size()) {
        s.insert(pos, number);
        break;
      }
      std::size_t e = b;
      while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '.' || s[e] == '-' ||
                              s[e] == '+'))
        ++e;
      while (b > 0 && (s[b - 1] == '-' || s[b - 1] == '.')) --b;
      s.replace(b, e - b, number);
      break;
    }
    case 9: {  // splice: this input's head, another's tail
      if (others.empty()) break;
      const std::string& o = others[below(rng, others.size())];
      s = s.substr(0, pos) + o.substr(below(rng, o.size() + 1));
      break;
    }
    case 10: {  // a line of another input, inserted at a line start
      if (others.empty()) break;
      const std::string& o = others[below(rng, others.size())];
      const std::size_t from = o.rfind('\n', below(rng, o.size() + 1));
      const std::size_t b = from == std::string::npos ? 0 : from + 1;
      const std::size_t e = std::min(o.size(), o.find('\n', b));
      const std::size_t at = s.rfind('\n', pos);
      s.insert(at == std::string::npos ? 0 : at + 1, o.substr(b, e - b) + "\n");
      break;
    }
    case 11: {  // one structure character many times: '{' or '[' nest, '"' or '<' open strings
      const char c = kStructure[below(rng, 8)];
      s.insert(pos, std::min(max_len_, std::size_t{1} << below(rng, 16)), c);
      break;
    }
    default:  // truncate
      s.resize(pos);
      break;
  }
}

}  // namespace mpnsim::fuzz
