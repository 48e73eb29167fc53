// Mutated machine and experiment files: each is accepted (exit 0) or refused as bad input (exit 2), never exit 1 (issue #12).
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <sstream>

#include <spdlog/spdlog.h>

#include "experiments/cli/commands.hpp"
#include "experiments/kinds/divisible/dlt_command.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::run_mpnsim;
using testing::TempDir;

const char* const kSeeds[] = {
    "topology: {kind: star, n: 4}\nprocessor: {w: 1, coprocessor: true, send_ports: 1, recv_ports: 1}\n"
    "link: {z: 1, S: 0}\nTcp: 1\nTcm: 1\n",
    "topology:\n  kind: chain\n  n: 3\nprocessors:\n  - {id: 2, w: 0.5}\n  - {id: 1, send_ports: all}\n"
    "links:\n  - {between: [0, 1], z: 2}\n  - {at: 2, S: 0.1}\n",
    "topology: {kind: let, depth: 2}\nprocessor:\n  w: 2\n  recv_ports: 2\nlink:\n  z: 0.5\n",
};

// Pieces a mutation inserts: YAML structure, keys the reader knows, numbers at the edges.
const char* const kTokens[] = {
    ": ", "- ", "[", "]", "{", "}", ", ", "\n", "  ", "&a ", "*a", "!!map ", "!!seq ", "~", "null", "''", "\"",
    "# ", "? ", "4294967297", "4294967296", "2147483648", "-1", "0", "1e308", "1e-320", "nan", ".inf", "all",
    "topology", "processor", "processors", "link", "links", "between", "at", "id", "kind", "star", "w", "z", "S",
    "send_ports", "coprocessor", "true", "Tcp", "<<: ", "|\n  x", "[0, 1]", "{kind: chain, n: 2}", "\t",
};

// Mutations per test: a short run in ctest; MPNSIM_MUTATIONS=100000 for a longer campaign.
int mutations(int default_count) {
  const char* env = std::getenv("MPNSIM_MUTATIONS");
  return env ? std::max(1, std::atoi(env)) : default_count;
}

std::string mutate(std::string text, std::mt19937_64& rng) {
  auto pick = [&](std::size_t n) { return static_cast<std::size_t>(rng() % std::max<std::size_t>(n, 1)); };
  const int edits = 1 + static_cast<int>(rng() % 3);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = pick(text.size() + 1);
    switch (rng() % 5) {
      case 0: text.erase(at, pick(8) + 1); break;                              // delete a few bytes
      case 1: text.insert(at, kTokens[pick(std::size(kTokens))]); break;       // insert a token
      case 2: if (at < text.size()) text[at] = static_cast<char>(32 + pick(95)); break;  // replace a byte
      case 3: text.insert(at, text.substr(pick(text.size()), pick(16))); break;  // repeat a piece
      default: {                                                                  // replace a value
        const std::size_t colon = text.find(": ", at);
        if (colon != std::string::npos) {
          const std::size_t end = text.find_first_of(",}\n", colon + 2);
          text.replace(colon + 2, (end == std::string::npos ? text.size() : end) - colon - 2,
                       kTokens[pick(std::size(kTokens))]);
        }
      }
    }
  }
  return text;
}

TEST(YamlMutation, EveryMutatedMachineFileRunsOrIsBadInput) {
  TempDir dir("machine-fuzz");
  std::mt19937_64 rng(20261123);
  const auto level = spdlog::get_level();
  spdlog::set_level(spdlog::level::off);
  int accepted = 0, refused = 0;
  std::vector<std::string> failures;
  for (int i = 0; i < mutations(1000) && failures.size() < 5; ++i) {
    const std::string text = mutate(kSeeds[i % std::size(kSeeds)], rng);
    DltCommandOptions o;
    o.strategy = "generic";
    o.machine_file = dir.file("m.yaml", text);
    o.format = "json";
    std::ostringstream out;
    int code = -1;
    std::string why;
    try {
      code = dlt_command(o, out);
    } catch (const std::exception& e) {
      why = e.what();  // what main would report with exit 1
      code = kExitFailure;
    }
    if (code == kExitOk) ++accepted;
    else if (code == kExitBadInput) ++refused;
    else failures.push_back("exit " + std::to_string(code) + " (" + why + ") on:\n" + text);
  }
  spdlog::set_level(level);
  for (const auto& f : failures) ADD_FAILURE() << f;
  // The mutations must exercise both sides.
  EXPECT_GT(accepted, 10);
  EXPECT_GT(refused, 500);
}

const char* const kExperimentSeeds[] = {
    "name: t\nkind: topology\ntopology: {kind: let, depth: 2}\nsweep:\n  topology.depth: \"0:3\"\noutputs:\n"
    "  plots:\n    - {x: nodes, y: diameter}\n",
    "name: s\nexperiments:\n  - name: a\n    kind: divisible\n    machine: {topology: {kind: star, n: 3}}\n"
    "    strategy: {name: star-sequential}\n    load: 2\n  - name: b\n    kind: task_tree\n"
    "    topology: {kind: hypercube, dim: 2}\n    scheduler: {name: dem}\n"
    "    workload: {kind: complete, arity: 2, depth: 3}\n    sweep:\n      - {scheduler.name: [mds, rr]}\n",
    "name: p\nkind: plan\nmachine:\n  topology: {kind: chain, n: 2}\nplan:\n"
    "  - {name: s, op: send, from: 0, to: 1, amount: 1}\n  - {name: c, op: compute, on: 1, amount: 1, after: [s]}\n",
};

TEST(YamlMutation, EveryMutatedExperimentFileValidatesOrIsBadInput) {
  TempDir dir("experiment-fuzz");
  std::mt19937_64 rng(11232026);
  const auto level = spdlog::get_level();
  spdlog::set_level(spdlog::level::off);
  int accepted = 0, refused = 0;
  std::vector<std::string> failures;
  for (int i = 0; i < mutations(600) && failures.size() < 5; ++i) {
    const std::string text = mutate(kExperimentSeeds[i % std::size(kExperimentSeeds)], rng);
    const std::string file = dir.file("e.yaml", text);
    int code = -1;
    std::string why;
    ::testing::internal::CaptureStdout();
    try {
      code = validate_command(file, {});
    } catch (const std::exception& e) {
      why = e.what();
      code = kExitFailure;
    }
    (void)::testing::internal::GetCapturedStdout();
    if (code == kExitOk) ++accepted;
    else if (code == kExitBadInput) ++refused;
    else failures.push_back("exit " + std::to_string(code) + " (" + why + ") on:\n" + text);
  }
  spdlog::set_level(level);
  for (const auto& f : failures) ADD_FAILURE() << f;
  EXPECT_GT(accepted, 10);
  EXPECT_GT(refused, 300);
}

// F5: a scalar where a mapping is expected.
TEST(YamlMutation, ScalarTopologyIsBadInputWithItsLine) {
  const auto r = run_mpnsim(std::string("dlt --strategy generic --machine ") + MPNSIM_SOURCE_DIR +
                            "/tests/data/findings/F5_machine_scalar_topology.yaml");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("F5_machine_scalar_topology.yaml:1:11: 'machine.topology': expected a mapping"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("yaml-cpp"), std::string::npos) << r.output;
}

// F12: a port count past int is refused, not truncated to 1 or to 'all'.
TEST(YamlMutation, PortCountsBeyondIntAreRefused) {
  const auto r = run_mpnsim(std::string("dlt --strategy generic --format json --machine ") + MPNSIM_SOURCE_DIR +
                            "/tests/data/findings/F12_ports_truncation.yaml");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("F12_ports_truncation.yaml:2:25: 'machine.processor.send_ports': expected a port count in "
                          "[1, 2147483647] or 'all', got '4294967297'"),
            std::string::npos)
      << r.output;
  TempDir dir("ports");
  const auto all = run_mpnsim("dlt --strategy generic --machine " +
                              dir.file("m.yaml", "topology: {kind: star, n: 6}\nprocessor: {send_ports: 4294967296}\n"));
  EXPECT_EQ(all.exit_code, 2) << all.output;
  const auto flag = run_mpnsim("dlt --strategy generic --topology star --n 6 --send-ports 4294967297");
  EXPECT_EQ(flag.exit_code, 2) << flag.output;
}

// Found by fuzz/targets/experiment_yaml: a plan file name past the system's limit made the
// file check throw filesystem_error (exit 1). Names the system refuses are bad input, as are
// such paths on the command line (experiment, machine file, -o).
TEST(YamlMutation, NamesTheSystemRefusesAreBadInput) {
  TempDir dir("long-names");
  const std::string longname(5000, 'x');  // longer than any file name the system takes
  const std::string exp = dir.file("plan.yaml", "name: p\nkind: plan\nmachine:\n  topology: {kind: chain, n: 2}\n"
                                                "plan: " + longname + "\n");
  const auto plan = run_mpnsim("validate " + exp);
  EXPECT_EQ(plan.exit_code, 2) << plan.output;
  EXPECT_NE(plan.output.find("plan.yaml:5:7: 'plan': no plan file"), std::string::npos) << plan.output;
  const auto file = run_mpnsim("validate " + (dir.path() / (longname + ".yaml")).string());
  EXPECT_EQ(file.exit_code, 2) << file.output;
  const auto machine = run_mpnsim("dlt --strategy generic --machine " + (dir.path() / longname).string());
  EXPECT_EQ(machine.exit_code, 2) << machine.output;
  const std::string ok = dir.file("ok.yaml", "name: t\nkind: topology\ntopology: {kind: let, depth: 2}\n");
  const auto out = run_mpnsim("run " + ok + " -q -o " + (dir.path() / longname).string());
  EXPECT_EQ(out.exit_code, 2) << out.output;
  EXPECT_NE(out.output.find("cannot be used"), std::string::npos) << out.output;
}

}  // namespace
}  // namespace mpnsim
