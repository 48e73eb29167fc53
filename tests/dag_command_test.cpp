// Tests of `mpnsim dag` and of `kind: dag` experiment files, through the executable.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// The JSON object printed by a command (its first '{' to its last '}').
nlohmann::json json_of(const std::string& output) {
  const auto b = output.find('{');
  const auto e = output.rfind('}');
  return nlohmann::json::parse(output.substr(b, e - b + 1));
}

const char* kGenerate = "dag --generate --tasks 30 --max_in 3 --max-out 3 --topology let --depth 2 ";

TEST(DagCommand, PrintsTheFiguresAsJson) {
  const auto r = run_mpnsim(std::string(kGenerate) + "--scheduler lps --z 0.2 --S 0.1 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = json_of(r.output);
  for (const char* key : {"makespan", "replayed_makespan", "speedup", "efficiency", "lif", "valid"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["valid"], true);
  EXPECT_EQ(j["tasks"], 30);
  EXPECT_EQ(j["processors"], 6);
  EXPECT_GE(j["replayed_makespan"].get<double>(), 0.0);
  EXPECT_NEAR(j["efficiency"].get<double>(), j["speedup"].get<double>() / 6, 1e-12);
  EXPECT_FALSE(j.contains("scheduler_cpu_seconds"));  // only with --timing
}

TEST(DagCommand, IsDeterministicAndTimesOnlyOnRequest) {
  const std::string cmd = std::string(kGenerate) + "--scheduler heft --seed 5 --format json";
  const auto a = run_mpnsim(cmd);
  const auto b = run_mpnsim(cmd);
  ASSERT_EQ(a.exit_code, 0) << a.output;
  EXPECT_EQ(a.output, b.output);
  const auto other = run_mpnsim(std::string(kGenerate) + "--scheduler heft --seed 6 --format json");
  EXPECT_NE(a.output, other.output);
  const auto t = run_mpnsim(cmd + " --timing");
  ASSERT_EQ(t.exit_code, 0) << t.output;
  EXPECT_GE(json_of(t.output)["scheduler_cpu_seconds"].get<double>(), 0.0);
}

TEST(DagCommand, ReadsDotAndStgAndWritesItsFiles) {
  TempDir dir("dagcmd");
  const std::string dot = dir.file("g.dot", "digraph g { node [size=2]; a -> b [size=1]; a -> c [size=1]; b -> d; c -> d }\n");
  const std::string stg = dir.file("g.stg", "2\n0 0 0\n1 4 1 0\n2 3 1 0\n3 0 2 1 2\n");
  const std::string out = (dir.path() / "o").string();
  // b -> d and c -> d have no size: an error, unless the workload's default_edge_size is given.
  auto r = run_mpnsim("dag --graph " + dot + " --topology hypercube --dim 2 --scheduler dls");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_TRUE(contains(r.output, "g.dot:1: edge b -> d has no 'size' attribute")) << r.output;
  r = run_mpnsim("dag --graph " + dot + " --default-edge-size 0 --topology hypercube --dim 2 --scheduler dls --gantt " +
                 out + ".svg --trace " + out + ".json --schedule " + out + ".csv --write-dot " + out + ".dot");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(r.output, "replayed makespan")) << r.output;
  EXPECT_TRUE(contains(read_file(out + ".svg"), "<svg"));
  EXPECT_TRUE(contains(read_file(out + ".json"), "traceEvents"));
  EXPECT_TRUE(contains(read_file(out + ".csv"), "task,processor,start,finish,replayed_finish"));
  EXPECT_TRUE(contains(read_file(out + ".dot"), "a -> b [size=1];"));
  r = run_mpnsim("dag --graph " + stg + " --dummies drop --topology chain --n 2 --scheduler hlf --format json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = json_of(r.output);
  EXPECT_EQ(j["tasks"], 2);
  EXPECT_EQ(j["makespan"], 4);
}

TEST(DagCommand, RefusesBadInputWithAClearMessage) {
  TempDir dir("dagbad");
  auto r = run_mpnsim(std::string(kGenerate) + "--scheduler lsp");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "did you mean 'lps'")) << r.output;
  const std::string bad = dir.file("bad.dot", "digraph {\n a [size=1]\n a -> b\n}\n");
  r = run_mpnsim("dag --graph " + bad + " --topology let --scheduler lps");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "bad.dot:3: task 'b' has no 'size'")) << r.output;
  const std::string cyc = dir.file("cyc.dot", "digraph {\n node [size=1]\n a -> b -> a\n}\n");
  r = run_mpnsim("dag --graph " + cyc + " --topology let --scheduler lps");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "cycle: a -> b -> a")) << r.output;
  r = run_mpnsim(std::string(kGenerate) + "--scheduler lps --max_inn 2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "max_inn")) << r.output;
  r = run_mpnsim("dag --topology let --scheduler lps");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "--graph FILE")) << r.output;
  r = run_mpnsim(std::string(kGenerate) + "--scheduler lps --exec_min 5 --exec_max 1");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "execution time range is empty")) << r.output;
  // --machine FILE: missing, or not YAML (the same reader serves dlt).
  r = run_mpnsim(std::string(kGenerate) + "--scheduler lps --machine " + dir.path().string() + "/none.yaml");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "none.yaml: cannot open the file")) << r.output;
  const std::string broken = dir.file("broken.yaml", "w: 1\nz: [\n");
  r = run_mpnsim("dlt --topology hypercube --dim 2 --strategy hypercube-nlf --machine " + broken);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "dlt: ")) << r.output;
  EXPECT_TRUE(contains(r.output, "broken.yaml:3:1: not valid YAML")) << r.output;
}

std::string data(const std::string& name) { return std::string(MPNSIM_SOURCE_DIR) + "/tests/data/" + name; }

// The reference example of Topcuoglu, Hariri & Wu 2002 (Fig. 2), through the executable:
// HEFT 80 and CPOP 86 as in the paper's Fig. 4. t1 is the best single processor: the
// column sums of the cost table are 127, 130 and 143.
TEST(DagCommand, ReproducesTopcuogluFig2WithACostTable) {
  const std::string base = "dag --graph " + data("topcuoglu2002_fig2.dot") + " --costs " +
                           data("topcuoglu2002_fig2_costs.csv") +
                           " --topology complete --n 3 --z 1 --S 0 --format json --scheduler ";
  for (const auto& [scheduler, makespan] : std::vector<std::pair<std::string, double>>{{"heft", 80}, {"cpop", 86}}) {
    const auto r = run_mpnsim(base + scheduler);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const auto j = json_of(r.output);
    EXPECT_EQ(j["makespan"].get<double>(), makespan) << scheduler;
    EXPECT_EQ(j["t1"].get<double>(), 127) << scheduler;
    EXPECT_EQ(j["valid"], true);
  }
}

// a (2) and b (3) feed c (1) with 10 units each on a complete pair: any message costs 10, so no
// schedule beats all three on one processor, 6; the critical path of least costs is 3 + 1.
TEST(DagCommand, ReportsTheLowerBoundItsGapAndTheSlr) {
  TempDir dir("dagbound");
  const std::string dot = dir.file("join.dot", "digraph j { a [size=2]; b [size=3]; c [size=1]; "
                                               "a -> c [size=10]; b -> c [size=10] }\n");
  const std::string cmd = "dag --graph " + dot + " --topology complete --n 2 --z 1 --S 0 --scheduler ";
  for (const char* scheduler : {"heft", "hlf", "bsa"}) {
    const auto r = run_mpnsim(cmd + scheduler + " --format json");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const auto j = json_of(r.output);
    const double makespan = j["makespan"].get<double>();
    EXPECT_EQ(j["lower_bound"].get<double>(), 6) << scheduler;
    EXPECT_NEAR(j["gap_to_bound"].get<double>(), makespan / 6 - 1, 1e-12) << scheduler;
    EXPECT_NEAR(j["slr"].get<double>(), makespan / 4, 1e-12) << scheduler;
    EXPECT_EQ(j["optimal"], false);
    EXPECT_EQ(j["states"], 0);
    EXPECT_EQ(j["time_limited"], false);
    const auto table = run_mpnsim(cmd + scheduler);
    ASSERT_EQ(table.exit_code, 0) << table.output;
    EXPECT_TRUE(contains(table.output, "lower bound        6 ")) << table.output;
    EXPECT_TRUE(contains(table.output, "optimal            not proved")) << table.output;
  }
}

TEST(DagCommand, ReadsWfCommonsJsonByExtensionOrFormat) {
  const std::string json15 = data("wfcommons/blast-chameleon-small-001.wfformat-1.5.json");
  auto r = run_mpnsim("dag --graph " + json15 + " --topology hypercube --dim 2 --z 1e-8 --S 0.001 --scheduler peft "
                      "--format json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto j = json_of(r.output);
  EXPECT_EQ(j["tasks"], 43);
  EXPECT_EQ(j["edges"], 120);
  EXPECT_NEAR(j["t1"].get<double>(), 382.91272, 1e-9);  // the sum of the recorded runtimes
  EXPECT_EQ(j["valid"], true);
  // Any extension, with --graph-format wfcommons.
  TempDir dir("dagwf");
  const std::string copy = dir.file("blast.wf", read_file(json15));
  r = run_mpnsim("dag --graph " + copy + " --graph-format wfcommons --topology hypercube --dim 2 --scheduler etf");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  r = run_mpnsim("dag --graph " + copy + " --topology hypercube --dim 2 --scheduler etf");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "--graph-format dot, stg or wfcommons")) << r.output;
  const std::string bad = dir.file("bad.json", R"({"workflow": {"specification": {"tasks": [{"id": "a", "parents": ["x"]}]},
    "execution": {"tasks": [{"id": "a", "runtimeInSeconds": 1}]}}})");
  r = run_mpnsim("dag --graph " + bad + " --topology hypercube --dim 2 --scheduler heft");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "bad.json: workflow.specification.tasks[0].parents[0]: no task 'x'")) << r.output;
}

TEST(DagCommand, RefusesACostTableThatDoesNotFit) {
  const std::string graph = " --graph " + data("topcuoglu2002_fig2.dot");
  auto r = run_mpnsim("dag" + graph + " --costs " + data("topcuoglu2002_fig2_costs.csv") +
                      " --topology complete --n 4 --scheduler heft");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "'workload.costs': the cost table has 3 processor columns (P0..P2) but the network "
                                 "has 4 processors")) << r.output;
  TempDir dir("dagcosts");
  const std::string short_row = dir.file("c.csv", "task,P0,P1,P2\nn1,1,2\n");
  r = run_mpnsim("dag" + graph + " --costs " + short_row + " --topology complete --n 3 --scheduler heft");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "c.csv:2: 3 fields, expected 4")) << r.output;
  r = run_mpnsim(std::string(kGenerate) + "--scheduler heft --costs " + short_row);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "a cost table names the tasks of a graph file")) << r.output;
}

TEST(DagCommand, SetsTheExecutionCommunicationRatio) {
  const auto r = run_mpnsim(std::string(kGenerate) + "--scheduler lps --S 0.5 --ec-ratio 2 --format json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NEAR(json_of(r.output)["ec_ratio"].get<double>(), 2.0, 1e-9);
}

const char* kExperiment = R"(name: dag-small
kind: dag
machine:
  topology: {kind: let}
  link: {z: 0.5, S: 0.1}
workload: {kind: random-dag, tasks: 25, max_in: 2, max_out: 3}
scheduler: {name: lps}
repetitions: 2
seed: 4
sweep:
  - {scheduler.name: [lps, hlf, dls, dls-pairs, heft], machine.topology.kind: let, machine.topology.depth: 2}
  - {machine.topology.kind: hypercube, machine.topology.dim: 3}
  - {machine.topology.kind: debruijn, machine.topology.order: 3, machine.topology.directed: [false, true]}
)";

// The fields of one CSV line (RFC 4180 quoting, no line breaks inside fields).
std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      out.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

// The cells of one column of a results.csv.
std::vector<std::string> column(const std::string& csv, const std::string& name) {
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  const auto header = fields(line);
  const auto at = static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  std::vector<std::string> out;
  while (std::getline(in, line)) {
    const auto cells = fields(line);
    out.push_back(at < cells.size() ? cells[at] : "");
  }
  return out;
}

TEST(DagExperimentFile, RunsSweepsByteIdenticallyAndSharesGraphsAcrossNetworks) {
  TempDir dir("dagexp");
  const std::string file = dir.file("e.yaml", std::string(kExperiment) + "outputs: {gantt: true}\n");
  const auto one = dir.path() / "one";
  const auto two = dir.path() / "two";
  auto r = run_mpnsim("run " + file + " -q -j 1 -o " + one.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  r = run_mpnsim("run " + file + " -q -j 2 -o " + two.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string csv = read_file(one / "results.csv");
  EXPECT_EQ(csv, read_file(two / "results.csv"));
  EXPECT_EQ(read_file(one / "summary.json"), read_file(two / "summary.json"));
  const std::string header = csv.substr(0, csv.find('\n'));
  for (const char* col : {"makespan", "replayed_makespan", "speedup", "efficiency", "lif", "valid", "degree_ratio",
                          "graph_seed"})
    EXPECT_TRUE(contains(header, col)) << header;
  EXPECT_FALSE(contains(header, "scheduler_cpu_seconds"));
  // The bound's columns, beside the figures they qualify.
  EXPECT_TRUE(contains(header, ",critical_path,lower_bound,makespan,")) << header;
  EXPECT_TRUE(contains(header, ",plan_error,gap_to_bound,slr,speedup,")) << header;
  EXPECT_TRUE(contains(header, ",link_conflicts,optimal,states,time_limited")) << header;
  for (const auto& v : column(csv, "valid")) EXPECT_EQ(v, "true");
  EXPECT_TRUE(std::filesystem::exists(one / "gantt" / "point0_rep0_lps_let-depth2.svg"));
  // 8 points x 2 repetitions; every network and scheduler sees the same graph per repetition.
  const auto reps = column(csv, "repetition");
  const auto seeds = column(csv, "graph_seed");
  const auto work = column(csv, "work");
  ASSERT_EQ(reps.size(), 16u);
  for (std::size_t i = 0; i < reps.size(); ++i) {
    const std::size_t first = reps[i] == "0" ? 0 : 1;
    EXPECT_EQ(seeds[i], seeds[first]);
    EXPECT_EQ(work[i], work[first]);
  }
  EXPECT_NE(seeds[0], seeds[1]);
}

TEST(DagExperimentFile, ReportsSchedulerTimeOnlyWhenAsked) {
  TempDir dir("dagtime");
  const auto out = dir.path() / "o";
  const auto r = run_mpnsim("run " + dir.file("e.yaml", std::string(kExperiment) + "timing: true\n") + " -q -o " +
                            out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(contains(read_file(out / "results.csv"), "scheduler_cpu_seconds"));
}

// `workload: {..., costs: FILE}` and `kind: wfcommons` in experiment files; a sweep to a
// network of another size than the table is refused before any run.
TEST(DagExperimentFile, ReadsCostTablesAndWfCommonsInstances) {
  TempDir dir("dagexpcosts");
  const std::string head = "name: t\nkind: dag\nmachine:\n  topology: {kind: complete, n: 3}\n  link: {z: 1, S: 0}\n";
  const std::string costs = "workload: {kind: dot, file: " + data("topcuoglu2002_fig2.dot") + ", costs: " +
                            data("topcuoglu2002_fig2_costs.csv") + "}\nscheduler: heft\n";
  const auto out = dir.path() / "o";
  auto r = run_mpnsim("run " + dir.file("ok.yaml", head + costs + "sweep:\n  scheduler.name: [heft, cpop]\n") +
                      " -q -o " + out.string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string csv = read_file(out / "results.csv");
  EXPECT_EQ(column(csv, "makespan"), (std::vector<std::string>{"80", "86"}));
  r = run_mpnsim("validate " + dir.file("bad.yaml", head + costs + "sweep:\n  machine.topology.n: [3, 4]\n"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "bad.yaml:6:")) << r.output;
  EXPECT_TRUE(contains(r.output, "but the network has 4 processors")) << r.output;
  r = run_mpnsim("validate " + dir.file("missing.yaml", head + "workload: {kind: dot, file: " +
                                        data("topcuoglu2002_fig2.dot") + ", costs: nowhere.csv}\nscheduler: heft\n"));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "nowhere.csv: cannot open the file")) << r.output;
  r = run_mpnsim("run " + dir.file("wf.yaml", head + "workload: {kind: wfcommons, file: " +
                                   data("wfcommons/blast-chameleon-small-001.wfformat-1.4.json") + "}\nscheduler: minmin\n") +
                 " -q -o " + (dir.path() / "wf").string());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(column(read_file(dir.path() / "wf" / "results.csv"), "tasks"), (std::vector<std::string>{"43"}));
}

TEST(DagExperimentFile, BadInputIsLocated) {
  TempDir dir("dagyamlbad");
  auto validate = [&](const std::string& text) { return run_mpnsim("validate " + dir.file("bad.yaml", text)); };
  auto r = validate("name: t\nkind: dag\nmachine: {topology: {kind: let}}\nworkload: {kind: random-dga}\n"
                    "scheduler: {name: lps}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "bad.yaml:4:")) << r.output;
  EXPECT_TRUE(contains(r.output, "did you mean 'random-dag'")) << r.output;
  r = validate("name: t\nkind: dag\nmachine: {topology: {kind: let}}\nworkload: {kind: random-dag}\n"
               "scheduler: {name: heff}\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "bad.yaml:5:")) << r.output;
  EXPECT_TRUE(contains(r.output, "did you mean 'heft'")) << r.output;
  dir.file("loop.dot", "digraph {\n node [size=1]\n x -> y\n y -> x\n}\n");
  r = validate("name: t\nkind: dag\nmachine: {topology: {kind: let}}\nworkload: {kind: dot, file: loop.dot}\n"
               "scheduler: lps\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "loop.dot:4: the graph has a cycle: x -> y -> x")) << r.output;
  r = validate("name: t\nkind: dag\nmachine: {topology: {kind: let}}\nworkload: {kind: random-dag, tasks: 0}\n"
               "scheduler: lps\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.output, "'workload.tasks'")) << r.output;
}

}  // namespace
}  // namespace mpnsim
