// Reading and writing the benchmark plan and result files (fast: from_chars / to_chars, one buffer).
#include "plan_file.hpp"

#include "bench/simgrid/token_text.hpp"

#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>

namespace mpnsim::bench {

void write_plan_file(const PlanFile& plan, const std::string& path) {
  TextWriter w;
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
  TokenReader r(path);
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
  TextWriter w;
  w << "events " << result.events << '\n' << "steps " << result.steps << '\n';
  w << "finish " << result.finish.size() << '\n';
  for (double f : result.finish) w << f << '\n';
  if (result.estimate > 0) w << "estimate " << result.estimate << '\n' << "delayed " << result.delayed << '\n';
  dump(w.text(), path);
}

PlayResult read_play_result(const std::string& path) {
  TokenReader r(path);
  PlayResult res;
  r.expect("events");
  res.events = r.number<std::uint64_t>();
  r.expect("steps");
  res.steps = r.number<std::uint64_t>();
  r.expect("finish");
  res.finish.resize(r.number<std::size_t>());
  for (double& f : res.finish) f = r.number<double>();
  while (!r.at_end()) {
    const std::string_view key = r.word();
    if (key == "estimate") res.estimate = r.number<double>();
    else if (key == "delayed") res.delayed = r.number<std::uint64_t>();
    else if (key == "peak_rss_kb") res.peak_rss_kb = r.number<std::uint64_t>();
    else r.fail("unknown key '" + std::string(key) + "'");
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
