// Reading DAG schedule files a chunk at a time into a sink, and writing them from one buffer.
#include "bench/simgrid/dag_schedule_file.hpp"

#include <stdexcept>
#include <utility>

#include "bench/simgrid/scratch_pages.hpp"
#include "bench/simgrid/token_text.hpp"

namespace mpnsim::bench {

void write_dag_schedule_file(const DagScheduleFile& f, const std::string& path) {
  TextWriter w;
  w << "# mpnsim DAG schedule (bench/compare_simgrid): times in time units, amounts in load units\n";
  w << "family " << f.family << ' ' << f.family_size << '\n';
  w << "scheduler " << f.scheduler << '\n';
  w << "unit " << f.unit << '\n' << "z " << f.z << '\n' << "latency " << f.latency << '\n';
  w << "tasks " << f.tasks.size() << "\n# processor start finish work\n";
  for (const auto& t : f.tasks) w << t.processor << ' ' << t.start << ' ' << t.finish << ' ' << t.work << '\n';
  w << "edges " << f.edges.size() << "\n# from to data\n";
  for (const auto& e : f.edges) w << e.from << ' ' << e.to << ' ' << e.data << '\n';
  w << "messages " << f.messages.size() << "\n# edge from to depart arrive hops...\n";
  for (const auto& m : f.messages) {
    w << m.edge << ' ' << m.from << ' ' << m.to << ' ' << m.depart << ' ' << m.arrive << ' ' << m.route_length;
    for (std::uint32_t i = 0; i < m.route_length; ++i) w << ' ' << f.route_hops[m.route_begin + i];
    w << '\n';
  }
  dump(w.text(), path);
}

void read_dag_schedule_file(const std::string& path, DagScheduleSink& sink) {
  TokenReader r(path);
  DagScheduleFile f;
  r.expect("family");
  f.family = std::string(r.word());
  f.family_size = r.number<int>();
  r.expect("scheduler");
  f.scheduler = std::string(r.word());
  r.expect("unit");
  f.unit = r.number<double>();
  r.expect("z");
  f.z = r.number<double>();
  r.expect("latency");
  f.latency = r.number<double>();
  if (!(f.unit > 0) || !(f.z > 0) || !(f.latency >= 0)) r.fail("unit and z must be positive, latency not negative");
  sink.header(f);

  // What the checks of the later sections need of the earlier ones, on pages of their own
  // (scratch_pages.hpp: no holes amid the sink's arrays once freed).
  r.expect("tasks");
  ScratchPages<int> processor_of(r.number<std::size_t>());
  sink.tasks(processor_of.size());
  for (int& p : processor_of) {
    DagFileTask t;
    t.processor = r.number<int>();
    t.start = r.number<double>();
    t.finish = r.number<double>();
    t.work = r.number<double>();
    if (t.processor < 0 || !(t.work >= 0)) r.fail("a task needs a processor and work that is not negative");
    p = t.processor;
    sink.task(t);
  }
  const auto task_count = static_cast<int>(processor_of.size());
  const auto is_task = [&](int t) { return t >= 0 && t < task_count; };

  // Each edge's producer and consumer processors, for the messages' check. The edges' lines
  // give its tasks, kept as they come; their processors, read at random from processor_of, are
  // looked up afterwards in a pass of their own, whose look-ups overlap one another: made on each
  // line, each one's miss held up the line after it (a tenth of the reader's own perf samples).
  r.expect("edges");
  struct Ends {
    int from, to;
  };
  ScratchPages<Ends> ends(r.number<std::size_t>());
  sink.edges(ends.size());
  for (auto& [from, to] : ends) {
    DagFileEdge e;
    e.from = r.number<int>();
    e.to = r.number<int>();
    e.data = r.number<double>();
    if (!is_task(e.from) || !is_task(e.to) || !(e.data >= 0)) r.fail("an edge joins two tasks and carries data >= 0");
    from = e.from;
    to = e.to;
    sink.edge(e);
  }
  for (auto& [from, to] : ends) {
    from = processor_of[static_cast<std::size_t>(from)];
    to = processor_of[static_cast<std::size_t>(to)];
  }

  r.expect("messages");
  const auto messages = r.number<std::size_t>();
  sink.messages(messages);
  // Each message's processors are checked against its edge's kDefer messages later, and only
  // then handed to the sink: its edge's entry, read at random from the list, was asked for when
  // its edge was read, yet the check right after waited for it (a fifth of the reader's time in
  // perf). The messages parsed but not yet checked wait in a ring; an error further on first
  // checks and hands on those before it, so that errors and the sink's calls come in the order
  // they came in when each message was checked at once.
  constexpr std::size_t kDefer = 8;
  struct Parsed {
    DagFileMessage m;
    std::vector<int> route;
    std::size_t offset = 0;  // where the check was made, for its error's line
  };
  Parsed ring[kDefer];
  const auto check = [&](const Parsed& p) {
    const auto& [from, to] = ends[static_cast<std::size_t>(p.m.edge)];
    if (p.m.from != from || p.m.to != to || p.m.from == p.m.to)
      r.fail_at(p.offset, "a message goes from its producer's processor to its consumer's, another one");
  };
  const auto hand_on = [&](const Parsed& p) {
    check(p);
    sink.message(p.m, p.route);
  };
  for (std::size_t k = 0; k < messages; ++k) {
    Parsed& p = ring[k % kDefer];
    if (k >= kDefer) hand_on(p);
    bool checkable = false;  // past the place of its check
    try {
      DagFileMessage& m = p.m;
      m.edge = r.number<int>();
      if (m.edge >= 0 && static_cast<std::size_t>(m.edge) < ends.size())
        __builtin_prefetch(&ends[static_cast<std::size_t>(m.edge)]);
      m.from = r.number<int>();
      m.to = r.number<int>();
      m.depart = r.number<double>();
      m.arrive = r.number<double>();
      if (m.edge < 0 || static_cast<std::size_t>(m.edge) >= ends.size()) r.fail("no such edge");
      p.offset = r.offset();
      checkable = true;
      const auto length = r.number<std::uint32_t>();
      if (length == 0 || length > 1u << 20) r.fail("a route has 1 to 2^20 hops");
      std::vector<int>& route = p.route;
      route.clear();
      for (std::uint32_t i = 0; i < length; ++i) {
        const int hop = r.number<int>();
        if (hop < 0 || hop == (i == 0 ? m.from : route.back())) r.fail("a hop goes to another processor");
        route.push_back(hop);
      }
      if (route.back() != m.to) r.fail("a route ends at the consumer's processor");
    } catch (const std::runtime_error&) {
      // The messages before this one still waiting, in order, then this one's own check when the
      // error came after its place: each may fail first.
      for (std::size_t j = k >= kDefer ? k - kDefer + 1 : 0; j < k; ++j) hand_on(ring[j % kDefer]);
      if (checkable) check(p);
      throw;
    }
  }
  for (std::size_t j = messages > kDefer ? messages - kDefer : 0; j < messages; ++j) hand_on(ring[j % kDefer]);
  if (!r.at_end()) r.fail("more than announced");
}

namespace {

// Keeps everything, as DagScheduleFile.
class WholeFile : public DagScheduleSink {
 public:
  DagScheduleFile file;
  void header(const DagScheduleFile& head) override { file = head; }
  void tasks(std::size_t count) override { file.tasks.reserve(count); }
  void task(const DagFileTask& t) override { file.tasks.push_back(t); }
  void edges(std::size_t count) override { file.edges.reserve(count); }
  void edge(const DagFileEdge& e) override { file.edges.push_back(e); }
  void messages(std::size_t count) override { file.messages.reserve(count); }
  void message(const DagFileMessage& m, const std::vector<int>& route) override {
    DagFileMessage kept = m;
    kept.route_begin = static_cast<std::uint32_t>(file.route_hops.size());
    kept.route_length = static_cast<std::uint32_t>(route.size());
    file.route_hops.insert(file.route_hops.end(), route.begin(), route.end());
    file.messages.push_back(kept);
  }
};

}  // namespace

DagScheduleFile read_dag_schedule_file(const std::string& path) {
  WholeFile whole;
  read_dag_schedule_file(path, whole);
  return std::move(whole.file);
}

}  // namespace mpnsim::bench
