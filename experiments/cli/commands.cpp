// Implementation of the run, validate, topo and list subcommands.
#include "experiments/cli/commands.hpp"

#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "experiments/config/command_flags.hpp"
#include "experiments/cli/result_columns_list.hpp"
#include "experiments/config/input_error.hpp"
#include "experiments/config/machine_config.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/run/mpi_session.hpp"
#include "sim/interruption.hpp"
#include "schedulers/registry.hpp"
#include "topologies/registry.hpp"
#include "workloads/registry.hpp"

namespace mpnsim {

namespace {

std::size_t count_points(const ExperimentFile& f) {
  std::size_t n = 0;
  for (const auto& e : f.experiments) n += e.points.size() * static_cast<std::size_t>(e.repetitions);
  return n;
}

// Reads and checks the whole file; kExitOk, or the exit code (the error logged) when it has a
// problem or SIGINT/SIGTERM stopped the checks.
int load_and_prepare(const std::string& file, const std::vector<Override>& overrides, ExperimentFile& f,
                     std::vector<PreparedExperiment>& prepared) {
  try {
    f = load_experiment_file(file, overrides, experiment_kind_keys);
    prepared = prepare_experiments(f);
    return kExitOk;
  } catch (const InputError& e) {
    spdlog::error("{}", e.what());
  } catch (const YAML::Exception& e) {
    // A node of a shape no reader checked first: still the file's fault, placed in it.
    spdlog::error("{}", InputError(file, e.mark, "", e.msg).what());
  } catch (const Interrupted&) {
    spdlog::error("interrupted while checking {}: nothing was run or written", file);
    return kExitInterrupted;
  }
  return kExitBadInput;
}

// Whether the run may replace its output directory (checked before any work; the reason logged if not).
bool output_replaceable(const ExperimentFile& f, const RunOptions& options) {
  const std::string dir = output_dir_of(f, options);
  const std::string problem = replace_problem(dir);
  if (problem.empty()) return true;
  spdlog::error("output directory {}: {}", dir, problem);
  return false;
}

// Problems met after the work, the results being written all the same: each is said, and the
// exit code is 1.
int report_problems(const std::vector<std::string>& problems) {
  for (const auto& p : problems) spdlog::warn("{}", p);
  if (problems.empty()) return kExitOk;
  spdlog::error("{} problem(s) after the work (above); results.csv and summary.json are written all the same",
                problems.size());
  return kExitFailure;
}

}  // namespace

int validate_command(const std::string& file, const std::vector<Override>& overrides) {
  ExperimentFile f;
  std::vector<PreparedExperiment> prepared;
  if (const int code = load_and_prepare(file, overrides, f, prepared); code != kExitOk) return code;
  fmt::print("{}: ok ({} experiment(s), {} run(s))\n", file, f.experiments.size(), count_points(f));
  for (const auto& pe : prepared)
    if (!pe.checked.every_point)
      fmt::print("{}: {} points: every swept value was checked ({} configurations); the {} combinations are "
                 "checked as each point is prepared to run\n",
                 pe.spec->name, pe.spec->points.size(), pe.checked.checked, pe.spec->points.size());
  return kExitOk;
}

int run_command(const std::string& file, const std::vector<Override>& overrides, const RunOptions& options,
                const Slice& slice, const MpiSession& mpi) {
  std::vector<PreparedExperiment> prepared;
  ExperimentFile f;
  // Every rank reads the same file and stops the same way.
  if (const int code = load_and_prepare(file, overrides, f, prepared); code != kExitOk) return code;
  if (options.resume && (mpi.active() || slice.count > 1)) {
    spdlog::error("--resume continues a run of one process: not with --shard or under mpirun");
    return kExitBadInput;
  }
  if (slice.count == 1 && !output_replaceable(f, options)) return kExitBadInput;
  try {
    if (mpi.active()) {
      // Each rank runs its share; rank 0 joins them and writes what a single run would.
      const FileRecords mine = run_slice(prepared, options, mpi.rank(), mpi.size());
      const auto all = mpi.gather(records_to_json(f, prepared, mine, mpi.rank(), mpi.size()));
      if (mpi.rank() != 0) return kExitOk;
      FileRecords joined(prepared.size());
      for (std::size_t r = 0; r < all.size(); ++r) {
        FileRecords part = records_from_json(all[r], fmt::format("rank {}", r), f, prepared);
        for (std::size_t x = 0; x < joined.size(); ++x)
          for (auto& rec : part[x]) joined[x].push_back(std::move(rec));
      }
      return report_problems(write_results(f, prepared, std::move(joined), options));
    }
    if (slice.count > 1) {
      const FileRecords mine = run_slice(prepared, options, slice.index, slice.count);
      const std::string path = fmt::format("{}/slice-{}-of-{}.json", output_dir_of(f, options), slice.index,
                                           slice.count);
      write_file_atomically(path, records_to_json(f, prepared, mine, slice.index, slice.count));
      spdlog::info("slice {} of {} written to {} (join the slices with `mpnsim merge`)", slice.index,
                   slice.count, path);
      return kExitOk;
    }
    return report_problems(run_experiments(f, prepared, options));
  } catch (const InputError& e) {
    spdlog::error("{}", e.what());
    if (mpi.active()) mpi.abort(kExitBadInput);
    return kExitBadInput;
  } catch (const RunInterrupted& e) {
    spdlog::error("{}", e.what());
    if (mpi.active()) mpi.abort(kExitInterrupted);
    return kExitInterrupted;
  } catch (const std::exception& e) {
    spdlog::error("{}", e.what());
    const int code = run_interrupted().load() ? kExitInterrupted : kExitFailure;
    if (mpi.active()) mpi.abort(code);
    return code;
  }
}

int merge_command(const std::string& file, const std::vector<std::string>& slices,
                  const std::vector<Override>& overrides, const RunOptions& options) {
  std::vector<PreparedExperiment> prepared;
  ExperimentFile f;
  if (const int code = load_and_prepare(file, overrides, f, prepared); code != kExitOk) return code;
  if (!output_replaceable(f, options)) return kExitBadInput;
  try {
    FileRecords joined(prepared.size());
    for (const auto& path : slices) {
      std::ifstream in(path, std::ios::binary);
      if (!in) throw InputError(path, YAML::Mark::null_mark(), "", "cannot read this slice file");
      std::ostringstream text;
      text << in.rdbuf();
      FileRecords part = records_from_json(text.str(), path, f, prepared);
      for (std::size_t x = 0; x < joined.size(); ++x)
        for (auto& rec : part[x]) joined[x].push_back(std::move(rec));
    }
    return report_problems(write_results(f, prepared, std::move(joined), options));
  } catch (const InputError& e) {
    spdlog::error("merge: {}", e.what());
    return kExitBadInput;
  } catch (const std::exception& e) {
    spdlog::error("merge: {}", e.what());
    return kExitFailure;
  }
}

namespace {

// The indentation of a key's meaning after its first line in `mpnsim list`.
const std::string kMore(21, ' ');

// What each key common to every experiment (common_experiment_keys) means, for `mpnsim list`.
std::string common_experiment_key_meaning(const std::string& key) {
  if (key == "name") return "required: the experiment's name, and its output's (results/NAME/, or a suite's NAME/)";
  if (key == "description") return "text (default none): what the experiment is for, kept in summary.json";
  if (key == "kind") return "required: what to run, one of the kinds below";
  if (key == "sweep") return "mapping or list of mappings (default none): KEY: [values] or \"from:to[:step]\"; "
                             "the points are the union of each mapping's product.\n" + kMore +
                             "KEY: {files: \"DIR/PATTERN\"} sweeps the files of a folder that match (*, ?, [...]), "
                             "sorted by name, DIR\n" + kMore +
                             "relative to the experiment file: workload.file: {files: \"graphs/*.dot\"} runs every graph "
                             "of graphs/";
  if (key == "repetitions") return "integer >= 1 (default 1): runs of every point, each with its own seed";
  if (key == "seed") return "integer >= 0 (default 1): the base seed of every random draw";
  if (key == "outputs") return "mapping (default none): plots, gantt, trace, timeline (the run's extra files)";
  if (key == "compare")
    return "mapping, or list of mappings each with a name (default none): paired comparison of variants on the "
           "same instances\n" + kMore +
           "name: FOLDER      where its files go, beside results.csv (required in a list)\n" + kMore +
           "by: KEY           the swept key whose values are the variants; by: [KEY1, KEY2]: pairs of values "
           "(heft/free),\n" + kMore +
           "                  a factorial design, where control is a value of KEY2 compared per value of KEY1\n" +
           kMore +
           "over: [KEY, ...]  swept keys whose values are instances, pooled (workload.file for a folder of graphs);\n" +
           kMore + "                  the other swept keys give one comparison per value\n" + kMore +
           "metrics: [...]    result columns: NAME, or {name: NAME, better: lower | higher}\n" + kMore +
           "control: VALUE    compare every variant with this baseline: Wilcoxon, Holm over those k - 1 tests "
           "(vs_control.csv)\n" + kMore +
           "ratio_to: best    what the ratio columns divide by: best (each instance's best variant), optimum "
           "(kind dag: the\n" + kMore +
           "                  `optimal` scheduler's proven optimum) or bound (the instance's largest lower_bound)\n" +
           kMore +
           "Writes comparison.csv, .md and .tex, pairwise.csv, ranks.csv (mean ranks, Friedman, Iman-Davenport, "
           "Nemenyi CD),\n" + kMore + "critical-difference diagrams and performance profiles: docs/comparing.md";
  return "";
}

void print_params(std::ostream& out, const std::vector<ParamSpec>& params, const std::string& indent) {
  for (const auto& p : params)
    out << fmt::format("{}{:<14} {} (default {}): {}\n", indent, p.name, describe_type(p),
                       p.default_value.empty() ? "required" : p.default_value, p.description);
}

}  // namespace

int list_command(std::ostream& out) {
  out << "Topologies (mpnsim topo KIND --PARAM VALUE; YAML topology: {kind: KIND, PARAM: VALUE}):\n";
  for (const auto& e : topology_registry()) {
    out << fmt::format("  {:<12} {}\n", e.name, e.description);
    print_params(out, e.params, "      ");
  }
  out << "\nMachine (YAML machine: topology, Tcp, Tcm, processor, processors, link, links):\n";
  print_params(out, machine_scale_params(), "      ");
  out << "Processors (YAML machine.processor / machine.processors[i]):\n";
  print_params(out, processor_params(), "      ");
  out << "Links (YAML machine.link / machine.links[i]):\n";
  print_params(out, link_params(), "      ");
  out << "\nEvery experiment (YAML, beside its kind's keys):\n";
  for (const auto& key : common_experiment_keys())
    out << fmt::format("      {:<14} {}\n", key, common_experiment_key_meaning(key));
  out << "\nExperiment kinds (YAML kind:):\n";
  for (const auto& k : experiment_kinds()) {
    std::string keys;
    for (const auto& key : k->keys()) keys += (keys.empty() ? "" : ", ") + key;
    out << fmt::format("  {:<12} {} [keys: {}]\n", k->name(), k->description(), keys);
  }
  list_result_columns(out);
  out << "\nWorkloads:\n";
  if (workload_registry().empty()) out << "  (none registered yet)\n";
  for (const auto& e : workload_registry()) {
    out << fmt::format("  {:<12} {}\n", e.name, e.description);
    print_params(out, e.params, "      ");
  }
  out << "\nStrategies and schedulers:\n";
  if (scheduler_registry().empty()) out << "  (none registered yet)\n";
  for (const auto& e : scheduler_registry()) {
    out << fmt::format("  {:<12} [{}] {}\n", e.name, e.kind, e.description);
    print_params(out, e.params, "      ");
  }
  return kExitOk;
}

}  // namespace mpnsim
