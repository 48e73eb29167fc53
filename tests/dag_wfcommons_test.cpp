// Tests of the WfCommons WfFormat reader: real 1.4 and 1.5 instances, runtimes as work, shared files as data, errors.
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "dag_test_support.hpp"
#include "schedulers/dag/dag_metrics.hpp"
#include "schedulers/dag/dag_schedulers.hpp"
#include "sim/time_tolerance.hpp"
#include "test_support.hpp"
#include "topologies/families.hpp"
#include "workloads/dag/wfcommons_format.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {
namespace {

std::string data(const std::string& name) { return std::string(MPNSIM_SOURCE_DIR) + "/tests/data/wfcommons/" + name; }

const std::string kBlast15 = "blast-chameleon-small-001.wfformat-1.5.json";
const std::string kBlast14 = "blast-chameleon-small-001.wfformat-1.4.json";

std::string error_of(const std::string& text) {
  try {
    read_wfcommons(text, "w.json");
  } catch (const WorkloadInputError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

int task(const TaskGraph& g, const std::string& name) {
  for (int t = 0; t < g.size(); ++t)
    if (g.task(t).name == name) return t;
  ADD_FAILURE() << "no task " << name;
  return 0;
}

// The data of edge from -> to, or -1 when there is no such edge.
double edge_data(const TaskGraph& g, const std::string& from, const std::string& to) {
  const int u = task(g, from), v = task(g, to);
  for (int e : g.out_edges(u))
    if (g.edge(e).to == v) return g.edge(e).data;
  return -1;
}

// t1 = the sum of the recorded runtimes, summed here straight from the JSON.
TEST(WfCommons, A15InstanceLoadsWithT1TheSumOfItsRuntimes) {
  const TaskGraph g = read_wfcommons_file(data(kBlast15));
  const auto doc = nlohmann::json::parse(testing::read_file(data(kBlast15)));
  double sum = 0;
  for (const auto& t : doc["workflow"]["execution"]["tasks"]) sum += t["runtimeInSeconds"].get<double>();
  ASSERT_EQ(g.size(), static_cast<int>(doc["workflow"]["specification"]["tasks"].size()));
  EXPECT_EQ(g.size(), 43);
  EXPECT_EQ(g.name(), "makeflow-blast-small");
  const testing::ProblemBox box(g, testing::dag_machine(complete_graph(4), 1, 0));
  const DagMetrics m = schedule_metrics(box.problem(), schedule_heft(box.problem()));
  EXPECT_TRUE(times_equal(m.t1, sum)) << m.t1 << " vs " << sum;
  // The instance's own total agrees.
  EXPECT_TRUE(times_equal(m.t1, doc["workflow"]["execution"]["metrics"]["sumTaskRuntimesInSeconds"].get<double>()));
  EXPECT_EQ(g.task(task(g, "blastall_ID000002")).work, 9.798843);
}

// Edge data: the files the parent writes and the child reads. split_fasta gives each
// blastall its 6-byte piece (small.fasta.k); blastall k gives cat_blast its .out and cat
// its .err (0 bytes). The instance's sumOfFileSizesInBytes, 5,112,434,776, less the files
// no dependency carries (small.fasta 203, split_fasta 1, blastall 7,688, nt 5,112,425,635,
// None 454, cat_blast 1, the 40 pieces 240) leaves 554 bytes of .out files: the total data
// is 240 + 554 = 794.
TEST(WfCommons, EdgeDataIsTheSizeOfTheFilesPassedOn) {
  const TaskGraph g = read_wfcommons_file(data(kBlast15));
  EXPECT_EQ(g.edge_count(), 40 * 3);
  EXPECT_EQ(edge_data(g, "split_fasta_ID000001", "blastall_ID000002"), 6);
  EXPECT_EQ(edge_data(g, "blastall_ID000003", "cat_blast_ID000042"), 49);  // small.fasta.1.out
  EXPECT_EQ(edge_data(g, "blastall_ID000041", "cat_blast_ID000042"), 9);   // small.fasta.39.out
  EXPECT_EQ(edge_data(g, "blastall_ID000003", "cat_ID000043"), 0);
  EXPECT_EQ(edge_data(g, "split_fasta_ID000001", "cat_ID000043"), -1);
  EXPECT_EQ(g.total_data(), 794);
}

// The same execution in WfFormat 1.4 (one list of tasks, files per task, parents by name)
// reads to the same graph.
TEST(WfCommons, The14LayoutOfTheSameRunGivesTheSameGraph) {
  const TaskGraph a = read_wfcommons_file(data(kBlast15));
  const TaskGraph b = read_wfcommons_file(data(kBlast14));
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.edge_count(), b.edge_count());
  for (int t = 0; t < a.size(); ++t) {
    EXPECT_EQ(a.task(t).name, b.task(t).name);
    EXPECT_EQ(a.task(t).work, b.task(t).work) << a.task(t).name;
  }
  for (int e = 0; e < a.edge_count(); ++e) {
    EXPECT_EQ(a.edge(e).from, b.edge(e).from);
    EXPECT_EQ(a.edge(e).to, b.edge(e).to);
    EXPECT_EQ(a.edge(e).data, b.edge(e).data) << e;
  }
}

TEST(WfCommons, EveryDagSchedulerSchedulesTheInstancesValidly) {
  for (const std::string& f : {kBlast15, kBlast14, std::string("helloworld-chain-5-chameleon.wfformat-1.5.json")}) {
    // 1 GB/s links: z * Tcm = 1e-9 s per byte, 1 ms startup.
    const testing::ProblemBox box(read_wfcommons_file(data(f)),
                                  testing::dag_machine(hypercube(3), 1e-9, 1e-3));
    for (const auto& e : dag_schedulers()) {
      const ParamSet params = testing::test_params(e, {});
      const Schedule s = e.schedule(box.problem(), params);
      EXPECT_TRUE(check_schedule(box.problem(), s, e.rules ? e.rules(params) : ValidityRules{}).valid())
          << e.name << " on " << f;
    }
  }
  // The chain: 5 tasks of ~100 s passing 16,666,667 bytes each.
  const TaskGraph chain = read_wfcommons_file(data("helloworld-chain-5-chameleon.wfformat-1.5.json"));
  EXPECT_EQ(chain.edge_count(), 4);
  EXPECT_EQ(chain.edge(0).data, 16666667);
  EXPECT_TRUE(times_equal(chain.total_work(), 501.24));
}

const char* kSpec = R"({"workflow": {"specification": {"tasks": [
  {"id": "a", "parents": [], "children": ["b"], "inputFiles": [], "outputFiles": ["f"]},
  {"id": "b", "parents": ["a"], "children": [], "inputFiles": ["f", "g"], "outputFiles": []}],
  "files": [{"id": "f", "sizeInBytes": 10}, {"id": "g", "sizeInBytes": 5}]},
  "execution": {"tasks": [{"id": "a", "runtimeInSeconds": 2}, {"id": "b", "runtimeInSeconds": 3.5}]}}})";

std::string with(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(WfCommons, ReadsAMinimal15Instance) {
  const TaskGraph g = read_wfcommons(kSpec, "w.json");
  ASSERT_EQ(g.size(), 2);
  ASSERT_EQ(g.edge_count(), 1);  // listed on both ends, one edge
  EXPECT_EQ(g.edge(0).data, 10);  // f only: b reads g, but a does not write it
  EXPECT_EQ(g.task(1).work, 3.5);
}

TEST(WfCommons, ErrorsNameTheJsonPath) {
  EXPECT_EQ(error_of(with(kSpec, R"("parents": ["a"])", R"("parents": ["x"])")),
            "w.json: workflow.specification.tasks[1].parents[0]: no task 'x'");
  EXPECT_EQ(error_of(with(kSpec, R"("children": ["b"])", R"("children": ["b", "zz"])")),
            "w.json: workflow.specification.tasks[0].children[1]: no task 'zz'");
  EXPECT_EQ(error_of(with(kSpec, R"("inputFiles": ["f", "g"])", R"("inputFiles": ["f", "h"])")),
            "w.json: workflow.specification.tasks[1].inputFiles[1]: no file 'h' in workflow.specification.files");
  EXPECT_EQ(error_of(with(kSpec, R"("runtimeInSeconds": 3.5)", R"("runtimeInSeconds": -1)")),
            "w.json: workflow.execution.tasks[1].runtimeInSeconds: expected a number >= 0, got -1");
  EXPECT_EQ(error_of(with(kSpec, R"("runtimeInSeconds": 3.5)", R"("runtimeInSeconds": "3.5")")),
            "w.json: workflow.execution.tasks[1].runtimeInSeconds: expected a number >= 0, got a string");
  EXPECT_EQ(error_of(with(kSpec, R"(, {"id": "b", "runtimeInSeconds": 3.5})", "")),
            "w.json: workflow.execution.tasks: no entry for task 'b'");
  EXPECT_EQ(error_of(with(kSpec, R"({"id": "b", "runtimeInSeconds": 3.5})", R"({"id": "c", "runtimeInSeconds": 3.5})")),
            "w.json: workflow.execution.tasks[1].id: no task 'c' in workflow.specification.tasks");
  EXPECT_EQ(error_of(with(kSpec, R"({"id": "f", "sizeInBytes": 10})", R"({"id": "f"})")),
            "w.json: workflow.specification.files[0]: missing 'sizeInBytes'");
  EXPECT_EQ(error_of(with(kSpec, R"({"id": "b", "parents")", R"({"id": "a", "parents")")),
            "w.json: workflow.specification.tasks[1].id: task 'a' appears twice (also workflow.specification.tasks[0])");
  EXPECT_EQ(error_of(with(kSpec, R"("children": [], "inputFiles": ["f", "g"])",
                          R"("children": ["a"], "inputFiles": ["f", "g"])")),
            "w.json: workflow.specification.tasks: the graph has a cycle: a -> b -> a");
  EXPECT_EQ(error_of(with(kSpec, R"("parents": ["a"])", R"("parents": ["b"])")),
            "w.json: workflow.specification.tasks[1].parents[0]: task 'b' depends on itself");
  EXPECT_EQ(error_of(R"({"workflow": {"specification": {"tasks": {}}}})"),
            "w.json: workflow.specification.tasks: expected an array, got an object");
  EXPECT_EQ(error_of(R"({"workflow": {"specification": {"tasks": []}}})"),
            "w.json: workflow.execution: missing: a WfFormat 1.5 instance gives the tasks' runtimes there");
  EXPECT_EQ(error_of(R"({"workflow": {}})"),
            "w.json: workflow: has neither 'specification' (WfFormat 1.5) nor 'tasks' (WfFormat 1.4)");
  EXPECT_EQ(error_of(R"([1, 2])"), "w.json: (the document): expected an object, got an array");
  const std::string bad = error_of("{\n  \"workflow\": {\n    \"tasks\": [,]\n  }\n}\n");
  EXPECT_TRUE(contains(bad, "w.json:3: not valid JSON")) << bad;
  EXPECT_TRUE(contains(error_of(""), "w.json:1: not valid JSON")) << error_of("");
  // Found by fuzz/targets/wfcommons_json: a number past double's range escaped as the JSON
  // library's out_of_range (exit 1); it is bad input at its line.
  const std::string huge = error_of("{\n  \"workflow\": {\n    \"tasks\": [1e309]\n  }\n}\n");
  EXPECT_TRUE(contains(huge, "w.json:3: not valid JSON here: number overflow parsing '1e309'")) << huge;
}

const char* kList = R"({"schemaVersion": "1.4", "workflow": {"tasks": [
  {"name": "a", "id": "ID1", "runtimeInSeconds": 2, "parents": [], "files": [
    {"link": "output", "name": "f", "sizeInBytes": 10}, {"link": "input", "name": "in", "sizeInBytes": 99}]},
  {"name": "b", "runtime": 3, "parents": ["ID1"], "files": [
    {"link": "input", "name": "f", "size": 10}, {"link": "output", "name": "out", "size": 1}]},
  {"name": "c", "runtimeInSeconds": 1, "parents": ["a", "b"], "files": [
    {"link": "input", "name": "out", "sizeInBytes": 1}, {"link": "input", "name": "f", "sizeInBytes": 10}]}]}})";

TEST(WfCommons, RuntimesTheModelCannotCarryAreRefusedAtTheirTask) {
  // dag_input_limits.hpp: a total above 1e150 could overflow the schedulers' sums.
  const std::string big = error_of(with(kSpec, R"("runtimeInSeconds": 3.5)", R"("runtimeInSeconds": 1e200)"));
  EXPECT_TRUE(contains(big, "w.json: workflow.specification.tasks[1]")) << big;
}

TEST(WfCommons, Reads14TaskListsWithNamesIdsAndOldKeys) {
  const TaskGraph g = read_wfcommons(kList, "w.json");
  ASSERT_EQ(g.size(), 3);
  EXPECT_EQ(g.task(1).work, 3);  // 'runtime' before 1.4
  ASSERT_EQ(g.edge_count(), 3);
  EXPECT_EQ(edge_data(g, "a", "b"), 10);  // parent named by its id
  EXPECT_EQ(edge_data(g, "a", "c"), 10);
  EXPECT_EQ(edge_data(g, "b", "c"), 1);
  EXPECT_EQ(error_of(with(kList, R"("parents": ["a", "b"])", R"("parents": ["a", "q"])")),
            "w.json: workflow.tasks[2].parents[1]: no task 'q'");
  EXPECT_EQ(error_of(with(kList, R"("name": "c", "runtimeInSeconds": 1,)", R"("name": "c",)")),
            "w.json: workflow.tasks[2]: missing 'runtimeInSeconds' (or 'runtime' before WfFormat 1.4)");
  EXPECT_EQ(error_of(with(kList, R"({"link": "output", "name": "out", "size": 1})", R"({"link": "inout", "name": "out", "size": 1})")),
            "w.json: workflow.tasks[1].files[1].link: expected input or output, got 'inout'");
  EXPECT_EQ(error_of(with(kList, R"({"link": "output", "name": "out", "size": 1})", R"({"link": "output", "name": "out"})")),
            "w.json: workflow.tasks[1].files[1]: missing 'sizeInBytes' (or 'size' before WfFormat 1.4)");
  // Ids are the keys: a repeated id is refused; a repeated name only when no task has an id.
  EXPECT_EQ(error_of(with(kList, R"({"name": "b", "runtime")", R"({"name": "b", "id": "ID1", "runtime")")),
            "w.json: workflow.tasks[1].id: task 'ID1' appears twice (also workflow.tasks[0])");
  EXPECT_EQ(error_of(with(with(kList, R"({"name": "b", "runtime")", R"({"name": "a", "runtime")"), R"("id": "ID1", )",
                          "")),
            "w.json: workflow.tasks[1].name: task 'a' appears twice (also workflow.tasks[0])");
  EXPECT_EQ(error_of(with(kList, R"("sizeInBytes": 99)", R"("sizeInBytes": -99)")),
            "w.json: workflow.tasks[0].files[1].sizeInBytes: expected a number >= 0, got -99");
}

// Dependencies through files alone, as WRENCH reads WfFormat (a Nextflow-like instance:
// every `parents` and `children` empty but two): the edges are the union of the listed
// ones and those from a file's writer to its readers, each carrying the files passed on.
TEST(WfCommons, FilesPassedOnAreDependenciesToo) {
  const TaskGraph g = read_wfcommons_file(data("nextflow-like-files-only.wfformat-1.5.json"));
  ASSERT_EQ(g.size(), 5);
  EXPECT_EQ(g.task(0).name, "FASTP_1");  // the id, as before; the repeated name is a label
  EXPECT_EQ(g.task(1).name, "FASTP_2");
  // Listed first (0 -> 3, 3 -> 4), then by reading task: MERGE's inputs, REPORT's.
  const std::vector<std::tuple<int, int, double>> expected = {
      {0, 3, 80},    // listed; REPORT reads FASTP_1's versions.yml
      {3, 4, 0},     // listed; no file between them
      {0, 2, 700},   // s1.trim.fq
      {1, 2, 1500},  // s2.trim.fq, written and read twice, counted once
      {2, 3, 2100},  // merged.fq
      {1, 3, 81}};   // FASTP_2's versions.yml. MERGE reading its own scratch file is no edge.
  ASSERT_EQ(g.edge_count(), static_cast<int>(expected.size()));
  for (int e = 0; e < g.edge_count(); ++e) {
    const auto [from, to, bytes] = expected[static_cast<std::size_t>(e)];
    EXPECT_EQ(g.edge(e).from, from) << e;
    EXPECT_EQ(g.edge(e).to, to) << e;
    EXPECT_EQ(g.edge(e).data, bytes) << e;
  }
}

// Tasks that share a name but not an id (Nextflow's processes) are distinct tasks; in the
// 1.4 layout they are known as name#id, the others by their names (issue #40 item 5), and a
// name names a task only when one task bears it.
TEST(WfCommons, RepeatedNamesWithUniqueIdsAreDistinctTasks) {
  const TaskGraph g = read_wfcommons_file(data("repeated-names.wfformat-1.4.json"));
  ASSERT_EQ(g.size(), 4);
  EXPECT_EQ(g.task(0).name, "align#ID01");
  EXPECT_EQ(g.task(1).name, "align#ID02");
  EXPECT_EQ(g.task(2).name, "merge");
  EXPECT_EQ(g.task(3).name, "stats");
  EXPECT_EQ(g.task(1).work, 3);
  const std::vector<std::tuple<int, int, double>> expected = {
      {0, 2, 300},   // listed by id on both ends
      {2, 3, 650},   // `parents: ["merge"]`, the one task of that name
      {1, 2, 400}};  // only through a2.bam
  ASSERT_EQ(g.edge_count(), static_cast<int>(expected.size()));
  for (int e = 0; e < g.edge_count(); ++e) {
    const auto [from, to, bytes] = expected[static_cast<std::size_t>(e)];
    EXPECT_EQ(g.edge(e).from, from) << e;
    EXPECT_EQ(g.edge(e).to, to) << e;
    EXPECT_EQ(g.edge(e).data, bytes) << e;
  }
  const std::string text = testing::read_file(data("repeated-names.wfformat-1.4.json"));
  EXPECT_EQ(error_of(with(text, R"("children": ["ID03"])", R"("children": ["align"])")),
            "w.json: workflow.tasks[0].children[0]: 'align' is the name of more than one task and the id of none: "
            "refer to the task by its id");
  // A file written and read both ways is a cycle, named as one.
  const std::string cycle = error_of(with(text, R"({"link": "output", "name": "a2.bam", "sizeInBytes": 400})",
                                          R"({"link": "output", "name": "a2.bam", "sizeInBytes": 400},
                                             {"link": "input", "name": "all.bam", "sizeInBytes": 650})"));
  EXPECT_TRUE(contains(cycle, "the graph has a cycle")) << cycle;
}

}  // namespace
}  // namespace mpnsim
