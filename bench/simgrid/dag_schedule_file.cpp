// Reading and writing DAG schedule files (one buffer each way, from_chars / to_chars).
#include "bench/simgrid/dag_schedule_file.hpp"

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

DagScheduleFile read_dag_schedule_file(const std::string& path) {
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

  r.expect("tasks");
  f.tasks.resize(r.number<std::size_t>());
  for (auto& t : f.tasks) {
    t.processor = r.number<int>();
    t.start = r.number<double>();
    t.finish = r.number<double>();
    t.work = r.number<double>();
    if (t.processor < 0 || !(t.work >= 0)) r.fail("a task needs a processor and work that is not negative");
  }
  const auto task_count = static_cast<int>(f.tasks.size());
  const auto is_task = [&](int t) { return t >= 0 && t < task_count; };

  r.expect("edges");
  f.edges.resize(r.number<std::size_t>());
  for (auto& e : f.edges) {
    e.from = r.number<int>();
    e.to = r.number<int>();
    e.data = r.number<double>();
    if (!is_task(e.from) || !is_task(e.to) || !(e.data >= 0)) r.fail("an edge joins two tasks and carries data >= 0");
  }

  r.expect("messages");
  f.messages.resize(r.number<std::size_t>());
  for (auto& m : f.messages) {
    m.edge = r.number<int>();
    m.from = r.number<int>();
    m.to = r.number<int>();
    m.depart = r.number<double>();
    m.arrive = r.number<double>();
    if (m.edge < 0 || static_cast<std::size_t>(m.edge) >= f.edges.size()) r.fail("no such edge");
    const DagFileEdge& e = f.edges[static_cast<std::size_t>(m.edge)];
    if (m.from != f.tasks[static_cast<std::size_t>(e.from)].processor ||
        m.to != f.tasks[static_cast<std::size_t>(e.to)].processor || m.from == m.to)
      r.fail("a message goes from its producer's processor to its consumer's, another one");
    m.route_begin = static_cast<std::uint32_t>(f.route_hops.size());
    m.route_length = r.number<std::uint32_t>();
    if (m.route_length == 0 || m.route_length > 1u << 20) r.fail("a route has 1 to 2^20 hops");
    for (std::uint32_t i = 0; i < m.route_length; ++i) {
      const int hop = r.number<int>();
      if (hop < 0 || hop == (i == 0 ? m.from : f.route_hops.back())) r.fail("a hop goes to another processor");
      f.route_hops.push_back(hop);
    }
    if (f.route_hops.back() != m.to) r.fail("a route ends at the consumer's processor");
  }
  if (!r.at_end()) r.fail("more than announced");
  return f;
}

}  // namespace mpnsim::bench
