// Reading and writing the benchmark plan and result files (fast: from_chars / to_chars, one buffer).
#include "plan_file.hpp"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string_view>

namespace mpnsim::bench {

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("cannot open " + path);
  // One read of the whole file: a character iterator costs ~2 ns a byte on 50 MB plans.
  std::string text(static_cast<std::size_t>(in.tellg()), '\0');
  in.seekg(0);
  if (!in.read(text.data(), static_cast<std::streamsize>(text.size())))
    throw std::runtime_error("cannot read " + path);
  return text;
}

void dump(const std::string& text, const std::string& path) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), std::fclose);
  if (!f || std::fwrite(text.data(), 1, text.size(), f.get()) != text.size())
    throw std::runtime_error("cannot write " + path);
}

// Appends values separated by spaces; to_chars gives the shortest exact form.
class Writer {
 public:
  template <class T>
  Writer& operator<<(T value) {
    char buf[40];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    out_.append(buf, r.ptr);
    return *this;
  }
  Writer& operator<<(std::string_view s) {
    out_.append(s);
    return *this;
  }
  Writer& operator<<(const std::string& s) { return *this << std::string_view(s); }
  Writer& operator<<(const char* s) { return *this << std::string_view(s); }
  Writer& operator<<(char c) {
    out_.push_back(c);
    return *this;
  }
  std::string& text() { return out_; }

 private:
  std::string out_;
};

// Tokens separated by blanks and newlines; errors name the line.
class Reader {
 public:
  Reader(std::string text, std::string path) : text_(std::move(text)), path_(std::move(path)) {}

  bool at_end() {
    skip();
    return pos_ >= text_.size();
  }
  std::string_view word() {
    skip();
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !blank(text_[pos_])) ++pos_;
    if (start == pos_) fail("unexpected end of file");
    return std::string_view(text_).substr(start, pos_ - start);
  }
  template <class T>
  T number() {
    const std::string_view w = word();
    T value{};
    const auto r = std::from_chars(w.data(), w.data() + w.size(), value);
    if (r.ec != std::errc() || r.ptr != w.data() + w.size()) fail("not a number: '" + std::string(w) + "'");
    return value;
  }
  void expect(std::string_view key) {
    if (word() != key) fail("expected '" + std::string(key) + "'");
  }
  [[noreturn]] void fail(const std::string& what) const {
    std::size_t line = 1;
    for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) line += text_[i] == '\n';
    throw std::runtime_error(path_ + ":" + std::to_string(line) + ": " + what);
  }

 private:
  static bool blank(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }
  void skip() {
    while (pos_ < text_.size()) {
      if (text_[pos_] == '#') {  // comment to the end of the line
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (blank(text_[pos_])) {
        ++pos_;
      } else {
        break;
      }
    }
  }
  std::string text_;
  std::string path_;
  std::size_t pos_ = 0;
};

}  // namespace

void write_plan_file(const PlanFile& plan, const std::string& path) {
  Writer w;
  w << "# mpnsim divisible-load plan (bench/compare_simgrid): amounts in bytes, times in the plan's unit\n";
  w << "family " << plan.family << ' ' << plan.family_size << '\n';
  w << "speed " << plan.speed << '\n';
  w << "bandwidth " << plan.bandwidth << '\n';
  w << "latency " << plan.latency << '\n';
  w << "T_analytic " << plan.T_analytic << '\n';
  w << "nodes " << plan.nodes.size() << '\n';
  w << "# id compute children... (child bytes)\n";
  for (int id : plan.order) {
    const PlanNode& n = plan.nodes[static_cast<std::size_t>(id)];
    w << id << ' ' << n.compute << ' ' << n.children.size();
    for (const auto& [child, bytes] : n.children) w << ' ' << child << ' ' << bytes;
    w << '\n';
  }
  dump(w.text(), path);
}

PlanFile read_plan_file(const std::string& path) {
  Reader r(slurp(path), path);
  PlanFile p;
  r.expect("family");
  p.family = std::string(r.word());
  p.family_size = r.number<int>();
  r.expect("speed");
  p.speed = r.number<double>();
  r.expect("bandwidth");
  p.bandwidth = r.number<double>();
  r.expect("latency");
  p.latency = r.number<double>();
  r.expect("T_analytic");
  p.T_analytic = r.number<double>();
  r.expect("nodes");
  const auto n = r.number<std::size_t>();
  if (n == 0) r.fail("a plan needs at least one node");
  p.nodes.resize(n);
  p.order.reserve(n);
  std::vector<char> seen(n, 0);
  std::vector<char> reached(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const int id = r.number<int>();
    if (id < 0 || static_cast<std::size_t>(id) >= n || seen[static_cast<std::size_t>(id)])
      r.fail("node id out of range or repeated: " + std::to_string(id));
    if (i > 0 && !reached[static_cast<std::size_t>(id)])
      r.fail("node " + std::to_string(id) + " is listed before its parent");
    seen[static_cast<std::size_t>(id)] = 1;
    p.order.push_back(id);
    PlanNode& node = p.nodes[static_cast<std::size_t>(id)];
    node.compute = r.number<double>();
    const auto k = r.number<std::size_t>();
    node.children.reserve(k);
    for (std::size_t j = 0; j < k; ++j) {
      const int child = r.number<int>();
      const auto bytes = r.number<std::uint64_t>();
      if (child < 0 || static_cast<std::size_t>(child) >= n || reached[static_cast<std::size_t>(child)] ||
          child == p.order.front())
        r.fail("child out of range or with two parents: " + std::to_string(child));
      reached[static_cast<std::size_t>(child)] = 1;
      node.children.emplace_back(child, bytes);
    }
  }
  if (!r.at_end()) r.fail("more nodes than announced");
  return p;
}

void write_play_result(const PlayResult& result, const std::string& path) {
  Writer w;
  w << "events " << result.events << '\n' << "steps " << result.steps << '\n';
  w << "finish " << result.finish.size() << '\n';
  for (double f : result.finish) w << f << '\n';
  dump(w.text(), path);
}

PlayResult read_play_result(const std::string& path) {
  Reader r(slurp(path), path);
  PlayResult res;
  r.expect("events");
  res.events = r.number<std::uint64_t>();
  r.expect("steps");
  res.steps = r.number<std::uint64_t>();
  r.expect("finish");
  res.finish.resize(r.number<std::size_t>());
  for (double& f : res.finish) f = r.number<double>();
  if (!r.at_end()) {
    r.expect("peak_rss_kb");
    res.peak_rss_kb = r.number<std::uint64_t>();
  }
  return res;
}

namespace {

// The process's own memory from /proc/self/status, in kB (0 where it cannot be read).
struct MemoryFigures {
  std::uint64_t resident_kb = 0;  // VmRSS
  std::uint64_t peak_kb = 0;      // VmHWM
};

MemoryFigures own_memory() {
  MemoryFigures m;
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) m.resident_kb = std::stoull(line.substr(6));
    if (line.rfind("VmHWM:", 0) == 0) m.peak_kb = std::stoull(line.substr(6));
  }
  return m;
}

}  // namespace

void append_peak_rss(const std::string& path) {
  const std::uint64_t kb = own_memory().peak_kb;
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "ab"), std::fclose);
  if (!f || std::fprintf(f.get(), "peak_rss_kb %llu\n", static_cast<unsigned long long>(kb)) < 0)
    throw std::runtime_error("cannot append to " + path);
}

void PhaseClock::lap(const char* what) {
  const auto now = std::chrono::steady_clock::now();
  const MemoryFigures m = own_memory();
  std::fprintf(stderr, "phase %-32s %9.1f ms  rss %8.1f MB  peak %8.1f MB\n", what,
               std::chrono::duration<double, std::milli>(now - last_).count(),
               static_cast<double>(m.resident_kb) / 1024, static_cast<double>(m.peak_kb) / 1024);
  last_ = now;
}

}  // namespace mpnsim::bench
