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

std::string range_text(const ParamSpec& s) {
  const bool lo = std::isfinite(s.min), hi = std::isfinite(s.max);
  if (lo && hi) return fmt::format(" in [{}, {}]", s.min, s.max);
  if (lo) return fmt::format(" >= {}", s.min);
  if (hi) return fmt::format(" <= {}", s.max);
  return "";
}

}  // namespace

std::string describe_type(const ParamSpec& s) {
  switch (s.type) {
    case ParamType::integer: return "an integer" + range_text(s);
    case ParamType::real: return "a number" + range_text(s);
    case ParamType::boolean: return "true or false";
    case ParamType::ports: return "a port count >= 1 or 'all'";
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
      if (ec != std::errc() || p != text.data() + text.size() || v < 1) throw fail();
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
    out.set(s.name, parse_param(s, s.default_value));
  }
  return out;
}

namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t sub = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, sub});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::string nearest_name(std::string_view word, std::span<const std::string> candidates) {
  std::string best;
  std::size_t best_d = std::string::npos;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  // Too far to be a typo: suggest nothing rather than something misleading.
  const std::size_t limit = std::max<std::size_t>(2, word.size() / 2);
  return best_d <= limit ? best : std::string();
}

}  // namespace mpnsim
