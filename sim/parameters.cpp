// Parsing, range checks and suggestions for declared parameters.
#include "sim/parameters.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

namespace mpnsim {

const ParamValue& ParamSet::get(std::string_view name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw std::logic_error(fmt::format("parameter '{}' is not set", name));
  return it->second;
}

std::int64_t ParamSet::integer(std::string_view name) const {
  const auto& v = get(name);
  if (auto* i = std::get_if<std::int64_t>(&v)) return *i;
  throw std::logic_error(fmt::format("parameter '{}' is not an integer", name));
}

double ParamSet::real(std::string_view name) const {
  const auto& v = get(name);
  if (auto* d = std::get_if<double>(&v)) return *d;
  if (auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
  throw std::logic_error(fmt::format("parameter '{}' is not a number", name));
}

bool ParamSet::boolean(std::string_view name) const {
  const auto& v = get(name);
  if (auto* b = std::get_if<bool>(&v)) return *b;
  throw std::logic_error(fmt::format("parameter '{}' is not a boolean", name));
}

const std::string& ParamSet::text(std::string_view name) const {
  const auto& v = get(name);
  if (auto* s = std::get_if<std::string>(&v)) return *s;
  throw std::logic_error(fmt::format("parameter '{}' is not text", name));
}

namespace {

// Bounds at the edge of double's range mean "no bound" and are not printed:
// "a number > 0" reads better than "a number in [1e-300, 1.7976931348623157e+308]".
constexpr double kNoBound = 1e300;

std::string range_text(const ParamSpec& s) {
  const bool positive = s.min > 0 && s.min <= 1e-300;  // "any positive number"
  const bool lo = std::isfinite(s.min) && s.min > -kNoBound && !positive;
  const bool hi = std::isfinite(s.max) && s.max < kNoBound;
  if (positive) return hi ? fmt::format(" in (0, {}]", s.max) : " > 0";
  if (lo && hi) return fmt::format(" in [{}, {}]", s.min, s.max);
  if (lo) return fmt::format(" >= {}", s.min);
  if (hi) return fmt::format(" <= {}", s.max);
  return "";
}

// Port counts are held in an int; more ports than links is the same as 'all'.
constexpr std::int64_t kMaxPorts = std::numeric_limits<std::int32_t>::max();

}  // namespace

std::string describe_type(const ParamSpec& s) {
  switch (s.type) {
    case ParamType::integer: return "an integer" + range_text(s);
    case ParamType::real: return "a number" + range_text(s);
    case ParamType::boolean: return "true or false";
    case ParamType::ports: return fmt::format("a port count in [1, {}] or 'all'", kMaxPorts);
    case ParamType::text:
      if (s.choices.empty()) return "text";
      {
        std::string out = "one of ";
        for (std::size_t i = 0; i < s.choices.size(); ++i) out += (i ? ", " : "") + s.choices[i];
        return out;
      }
  }
  return "a value";
}

std::string to_text(const ParamValue& v) {
  if (auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
  if (auto* d = std::get_if<double>(&v)) return fmt::format("{}", *d);
  if (auto* b = std::get_if<bool>(&v)) return *b ? "true" : "false";
  return std::get<std::string>(v);
}

ParamValue parse_param(const ParamSpec& s, std::string_view text) {
  auto fail = [&] {
    return ParamError(s.name, fmt::format("expected {}, got '{}'", describe_type(s), text));
  };
  auto in_range = [&](double x) { return x >= s.min && x <= s.max; };
  switch (s.type) {
    case ParamType::integer: {
      std::int64_t v = 0;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || p != text.data() + text.size()) throw fail();
      if (!in_range(static_cast<double>(v))) throw fail();
      return v;
    }
    case ParamType::real: {
      // from_chars for double is in GCC 12; it rejects leading '+' and spaces, as we want.
      double v = 0;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || p != text.data() + text.size() || !std::isfinite(v)) throw fail();
      if (!in_range(v)) throw fail();
      return v;
    }
    case ParamType::boolean:
      if (text == "true" || text == "yes" || text == "on" || text == "1") return true;
      if (text == "false" || text == "no" || text == "off" || text == "0") return false;
      throw fail();
    case ParamType::ports: {
      if (text == "all") return std::int64_t{0};
      std::int64_t v = 0;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || p != text.data() + text.size() || v < 1 || v > kMaxPorts) throw fail();
      return v;
    }
    case ParamType::text:
      if (!s.choices.empty() &&
          std::find(s.choices.begin(), s.choices.end(), text) == s.choices.end())
        throw fail();
      return std::string(text);
  }
  throw fail();
}

ParamSet resolve_params(std::span<const ParamSpec> specs,
                        const std::vector<std::pair<std::string, std::string>>& given) {
  ParamSet out;
  std::vector<std::string> names;
  for (const auto& s : specs) names.push_back(s.name);
  for (const auto& [key, text] : given) {
    auto it = std::find_if(specs.begin(), specs.end(), [&name = key](const ParamSpec& s) { return s.name == name; });
    if (it == specs.end()) {
      const std::string near = nearest_name(key, names);
      std::string valid;
      for (std::size_t i = 0; i < names.size(); ++i) valid += (i ? ", " : "") + names[i];
      throw ParamError(key, fmt::format("unknown parameter{}; valid: {}",
                                        near.empty() ? "" : " (did you mean '" + near + "'?)",
                                        valid.empty() ? "(none)" : valid));
    }
    if (out.has(key)) throw ParamError(key, "given twice");
    out.set(key, parse_param(*it, text));
  }
  for (const auto& s : specs) {
    if (out.has(s.name)) continue;
    if (s.default_value.empty())
      throw ParamError(s.name, fmt::format("missing; expected {}", describe_type(s)));
    // A number whose default is "none" is optional: when not given it is left out of the set
    // (ParamSet::has is false) and the model decides what its absence means.
    if (s.default_value == "none" && s.type != ParamType::text) continue;
    out.set(s.name, parse_param(s, s.default_value));
  }
  return out;
}

namespace {

// Names compare without case and with '-' and '_' alike (--send-ports, send_ports).
char fold(char c) {
  if (c == '-') return '_';
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// Optimal string alignment distance: insertions, deletions, substitutions and
// swaps of two adjacent letters each count one, so "hetf" is one edit from
// "heft" (a typing slip) but two from "hlf".
std::size_t edit_distance(std::string_view a, std::string_view b) {
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::size_t> before(m + 1), prev(m + 1), cur(m + 1);
  for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const bool same = fold(a[i - 1]) == fold(b[j - 1]);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) && fold(a[i - 2]) == fold(b[j - 1]))
        cur[j] = std::min(cur[j], before[j - 2] + 1);
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[m];
}

std::size_t common_prefix(std::string_view a, std::string_view b) {
  std::size_t k = 0;
  while (k < a.size() && k < b.size() && fold(a[k]) == fold(b[k])) ++k;
  return k;
}

}  // namespace

std::string nearest_name(std::string_view word, std::span<const std::string> candidates) {
  // Fewest edits first; among equals, the longest shared beginning (people
  // mistype the ends of names more than their starts), then the closest length.
  const std::string* best = nullptr;
  std::size_t best_d = 0, best_prefix = 0, best_len = 0;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    const std::size_t prefix = common_prefix(word, c);
    const std::size_t len = c.size() > word.size() ? c.size() - word.size() : word.size() - c.size();
    if (!best || d < best_d || (d == best_d && (prefix > best_prefix || (prefix == best_prefix && len < best_len)))) {
      best = &c;
      best_d = d;
      best_prefix = prefix;
      best_len = len;
    }
  }
  // Too far to be a typo: suggest nothing rather than something misleading.
  const std::size_t limit = std::max<std::size_t>(2, word.size() / 2);
  return best && best_d <= limit ? *best : std::string();
}

}  // namespace mpnsim
