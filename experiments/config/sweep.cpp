// Expansion of sweep blocks into points, and copy-on-write assignment into YAML trees.
#include "experiments/config/sweep.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace mpnsim {

namespace {

bool parse_double(const std::string& s, double& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size() && std::isfinite(out);
}

bool is_integer_text(const std::string& s) {
  long long v;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    const auto pos = s.find(sep, start);
    parts.push_back(s.substr(start, pos - start));
    if (pos == std::string::npos) break;
    start = pos + 1;
  }
  return parts;
}

}  // namespace

std::vector<std::string> expand_range(const std::string& text) {
  const auto parts = split(text, ':');
  if (parts.size() < 2 || parts.size() > 3)
    throw std::invalid_argument("a range is written start:stop or start:stop:step");
  double start, stop, step = 1;
  if (!parse_double(parts[0], start) || !parse_double(parts[1], stop) ||
      (parts.size() == 3 && !parse_double(parts[2], step)))
    throw std::invalid_argument("range bounds and step must be numbers");
  if (step == 0) throw std::invalid_argument("range step must not be 0");
  if ((stop - start) / step < 0)
    throw std::invalid_argument("range is empty: the step goes away from stop");
  const bool integers = is_integer_text(parts[0]) && is_integer_text(parts[1]) &&
                        (parts.size() < 3 || is_integer_text(parts[2]));
  // Count steps once, with a little slack, instead of accumulating rounding errors.
  const double span = (stop - start) / step;
  const auto count = static_cast<long long>(std::floor(span + 1e-9)) + 1;
  if (count > 10'000'000) throw std::invalid_argument("range has more than 10^7 values");
  std::vector<std::string> values;
  values.reserve(static_cast<std::size_t>(count));
  for (long long i = 0; i < count; ++i) {
    if (integers) {
      values.push_back(std::to_string(static_cast<long long>(std::llround(start + static_cast<double>(i) * step))));
    } else {
      values.push_back(fmt::format("{}", start + static_cast<double>(i) * step));
    }
  }
  return values;
}

std::vector<SweepPoint> expand_block(const YamlSource& src, const YAML::Node& block, int block_index) {
  src.require_map(block, "sweep");
  std::vector<SweepPoint> points{SweepPoint{}};
  for (auto it = block.begin(); it != block.end(); ++it) {
    const std::string key = src.scalar(it->first, "sweep");
    const YAML::Node entry = it->second;
    const std::string where = "sweep." + key;
    std::vector<Assignment> values;
    auto text_of = [](const YAML::Node& n) {
      if (n.IsScalar()) return n.Scalar();
      YAML::Emitter e;
      e.SetMapFormat(YAML::Flow);
      e.SetSeqFormat(YAML::Flow);
      e << n;
      return std::string(e.c_str());
    };
    if (entry.IsSequence()) {
      if (entry.size() == 0) src.fail(entry, where, "expected at least one value to sweep");
      int index = 0;
      for (const auto& v : entry) values.push_back(Assignment{key, v, text_of(v), entry, block_index, index++, false});
    } else if (entry.IsScalar() &&
               entry.Scalar().find(':') != std::string::npos) {
      std::vector<std::string> texts;
      try {
        texts = expand_range(entry.Scalar());
      } catch (const std::invalid_argument& e) {
        src.fail(entry, where, e.what());
      }
      for (auto& t : texts) values.push_back(Assignment{key, YAML::Node(t), t, entry, block_index, -1, true});
    } else if (entry.IsScalar() || entry.IsMap()) {
      values.push_back(Assignment{key, entry, text_of(entry), entry, block_index, -1, false});
    } else {
      src.fail(entry, where, "expected a list of values or a range start:stop:step");
    }
    std::vector<SweepPoint> next;
    next.reserve(points.size() * values.size());
    for (const auto& p : points)
      for (const auto& v : values) {
        SweepPoint q = p;
        q.assignments.push_back(v);
        next.push_back(std::move(q));
      }
    points = std::move(next);
    if (points.size() > 10'000'000) src.fail(entry, where, "the sweep has more than 10^7 points");
  }
  return points;
}

void set_path(YAML::Node root, const std::string& key, const YAML::Node& value) {
  const auto parts = split(key, '.');
  YAML::Node cur = root;
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    if (!cur[parts[i]].IsMap()) cur[parts[i]] = YAML::Node(YAML::NodeType::Map);
    // reset, not assignment: Node::operator= would overwrite the mapping it points at.
    cur.reset(cur[parts[i]]);
  }
  cur[parts.back()] = value;
}

std::string SweepPoint::label() const {
  std::string out;
  for (const auto& a : assignments) out += (out.empty() ? "" : ", ") + a.key + "=" + a.text;
  return out;
}

}  // namespace mpnsim
