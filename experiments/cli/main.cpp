// Entry point of the mpnsim executable: subcommands run, merge, validate, topo, dlt, tree, dag, list.
#include <csignal>
#include <iostream>
#include <new>
#include <sstream>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "experiments/cli/commands.hpp"
#include "experiments/config/flag_suggestions.hpp"
#include "experiments/cli/registry_help.hpp"
#include "experiments/kinds/dag/dag_command.hpp"
#include "experiments/kinds/divisible/dlt_command.hpp"
#include "experiments/kinds/task_tree/tree_command.hpp"
#include "experiments/output/output_file.hpp"
#include "experiments/run/mpi_session.hpp"
#include "sim/interruption.hpp"
#include "sim/test_marker.hpp"

namespace {

// The first SIGINT or SIGTERM asks the work to stop at its next poll; the handler then gives
// the signal back its default action, so that a second one ends the process at once (a loop
// that polls seldom, such as one large linear program, cannot hold the user).
void on_signal(int signal) {
  mpnsim::run_interrupted().store(true);
  std::signal(signal, SIG_DFL);
}

// From here on SIGINT and SIGTERM set the interruption flag, which the long loops poll
// (sim/interruption.hpp): the command stops, says so in one line and exits 130 instead of
// dying with half its work said.
void stop_at_signals() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  mpnsim::write_test_marker();
}

// CLI11 reads "-1" into an unsigned option as 2^64 - 1: refuse the sign before it converts.
const CLI::Validator kNonNegative(
    [](std::string& text) { return text.rfind('-', 0) == 0 ? "expected a non-negative integer, got " + text : ""; },
    "INT >= 0");

std::vector<mpnsim::Override> parse_sets(const std::vector<std::string>& sets) {
  std::vector<mpnsim::Override> out;
  for (const auto& s : sets) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw CLI::ValidationError("--set", "expected KEY=VALUE, got '" + s + "'");
    out.push_back({s.substr(0, eq), s.substr(eq + 1)});
  }
  return out;
}

// "I/N" -> slice I of N.
mpnsim::Slice parse_slice(const std::string& text) {
  const auto slash = text.find('/');
  try {
    if (slash != std::string::npos) {
      std::size_t used = 0;
      const int index = std::stoi(text.substr(0, slash), &used);
      const std::string rest = text.substr(slash + 1);
      std::size_t used2 = 0;
      const int count = std::stoi(rest, &used2);
      if (used == slash && used2 == rest.size() && count >= 1 && index >= 0 && index < count)
        return {index, count};
    }
  } catch (const std::exception&) {
  }
  throw CLI::ValidationError("--shard", "expected I/N with 0 <= I < N, got '" + text + "'");
}

// topo's usage line names the family, which CLI11 keeps among the extras with its parameters.
class TopoUsage : public CLI::Formatter {
 public:
  std::string make_usage(const CLI::App*, std::string name) const override {
    return get_label("Usage") + ": " + name + " FAMILY [--PARAM VALUE ...] [OPTIONS]\n";
  }
};

}  // namespace

static int run_main(int argc, char** argv) {
  mpnsim::MpiSession mpi(argc, argv);
  CLI::App app{"mpnsim: discrete-event simulator of multiprocessor networks.\n"
               "Divisible loads, task trees and task DAGs on LET, hypercube, mesh, tree and other "
               "networks, with analytic results checked against simulated timelines."};
  app.set_version_flag("--version", std::string("mpnsim ") + MPNSIM_VERSION +
                                        (mpnsim::MpiSession::compiled_in() ? " (with MPI)" : " (without MPI)"));
  app.require_subcommand(1);
  int verbosity = 0;
  bool quiet = false;
  app.add_flag("-v,--verbose", verbosity, "more log output (-vv for trace)");
  app.add_flag("-q,--quiet", quiet, "only warnings and errors");

  // run
  auto* run = app.add_subcommand("run", "run an experiment file: results.csv, summary.json, plots");
  run->footer("The output directory (-o, default results/<name>/) is replaced whole when the run ends: nothing of an\n"
              "earlier run stays in it, and a run that fails or is stopped leaves it as it was. A run writes into\n"
              "a staging area beside it (.<name>.mpnsim-staging/), recording each finished run there; Ctrl-C or\n"
              "SIGTERM keeps that area, and `mpnsim run FILE -o DIR --resume` continues from it. A directory that\n"
              "holds files mpnsim did not write is not replaced (exit 2, before any work).\n"
              "Exit codes: 0 done, 1 failed (or done with a plot not drawn), 2 bad input, 130 interrupted.\n"
              "Examples:\n"
              "  mpnsim run experiments/quickstart.yaml -o results/quickstart\n"
              "  mpnsim run experiments/examples/compare_dag_schedulers.yaml --set name=my-comparison --seed 7");
  std::string run_file, out_dir;
  int jobs = 0;
  std::vector<std::string> sets;
  std::string seed, repetitions;
  bool no_progress = false;
  run->add_option("FILE", run_file, "experiment YAML file")->required();
  run->add_option("-o,--output", out_dir, "output directory (default results/<name>/)");
  run->add_option("-j,--jobs", jobs, "sweep points run in parallel (default: all cores)")
      ->check(CLI::Range(1, 4096));
  run->add_option("--set", sets,
                  "override a YAML value: KEY=VALUE (dotted key, e.g. topology.depth=3); in a suite, "
                  "EXPERIMENT.KEY=VALUE for one experiment, KEY=VALUE for every experiment that takes KEY");
  run->add_option("--seed", seed, "override the base seed");
  run->add_option("--repetitions", repetitions, "override the number of repetitions");
  run->add_flag("--no-progress", no_progress, "no progress bar");
  bool resume = false;
  run->add_flag("--resume", resume,
                "continue a run that Ctrl-C or SIGTERM stopped: only the runs it did not finish are computed, and "
                "the output is the same bytes (see below); without it a run starts afresh");
  std::string shard;
  run->add_option("--shard", shard,
                  "run only slice I of N (e.g. 0/4) and write its records for `mpnsim merge`; under mpirun "
                  "the ranks share the runs by themselves");

  // merge
  auto* merge = app.add_subcommand("merge", "join the slices of a sharded run into the results a single run writes");
  std::string merge_file, merge_out;
  std::vector<std::string> merge_slices, merge_sets;
  std::string merge_seed, merge_repetitions;
  merge->add_option("FILE", merge_file, "the experiment YAML file the slices were run from")->required();
  merge->add_option("SLICES", merge_slices, "slice-I-of-N.json files")->required();
  merge->add_option("-o,--output", merge_out, "output directory (default results/<name>/)");
  merge->add_option("--set", merge_sets, "the same overrides the slices were run with");
  merge->add_option("--seed", merge_seed, "the same seed override the slices were run with");
  merge->add_option("--repetitions", merge_repetitions, "the same repetitions override the slices were run with");
  merge->footer("The output directory is replaced whole, as by `run`. Slices are input: an artifact name that is\n"
                "absolute, empty, holds '..' or leaves its subdirectory is refused (exit 2, with the slice and\n"
                "the JSON path).");
  merge->fallthrough();

  // validate
  auto* validate = app.add_subcommand("validate", "check an experiment file without running it (exit 2 on errors)");
  std::string validate_file;
  std::vector<std::string> validate_sets;
  std::string validate_seed, validate_repetitions;
  validate->add_option("FILE", validate_file, "experiment YAML file")->required();
  validate->footer("Examples:\n"
                   "  mpnsim validate experiments/quickstart.yaml\n"
                   "  mpnsim validate experiments/quickstart.yaml --set task-dags.repetitions=2");
  validate->add_option("--set", validate_sets,
                       "override a YAML value: KEY=VALUE (in a suite, EXPERIMENT.KEY=VALUE for one experiment)");
  validate->add_option("--seed", validate_seed, "override the base seed");
  validate->add_option("--repetitions", validate_repetitions, "override the number of repetitions");

  // topo
  auto* topo = app.add_subcommand("topo", "a topology's properties (nodes, links, degrees, diameter, average "
                                          "distance, levels), or the whole network as JSON, DOT or a matrix");
  topo->footer("Examples:\n"
               "  mpnsim topo hypercube --dim 20                   # the summary (the default)\n"
               "  mpnsim topo let --depth 2 --format json\n"
               "  mpnsim topo mesh --rows 4 --cols 6 --torus --format dot\n"
               "Diameter and average distance are exact: from one breadth-first search for the vertex-transitive\n"
               "families (hypercube, ring, torus, complete), from one per node for the others while that stays\n"
               "under about 2e9 steps, and beyond that estimated from sampled sources (about 3e8 steps; the\n"
               "output says which, and how).\n"
               "json, dot and matrix estimate their size first and refuse above 1 GiB unless given -o FILE --force.\n"
               "Families and their parameters: mpnsim list");
  std::string format = "summary", topo_out;
  bool topo_force = false;
  topo->add_option("--format", format, "summary (default), json, dot or matrix")
      ->check(CLI::IsMember({"summary", "dot", "json", "matrix"}));
  topo->add_option("-o,--output", topo_out, "write to this file instead of standard output");
  topo->add_flag("--force", topo_force, "write a json, dot or matrix output above 1 GiB (with -o FILE only)");
  topo->allow_extras();
  topo->positionals_at_end(false);
  topo->formatter(std::make_shared<TopoUsage>());

  // dlt
  auto* dlt = app.add_subcommand("dlt", "one divisible-load strategy on one machine: analytic fractions "
                                        "and finish time against the simulated timeline");
  mpnsim::DltCommandOptions dlt_options;
  dlt->add_option("--strategy", dlt_options.strategy, "strategy name (mpnsim list)")->required();
  dlt->add_option("--topology", dlt_options.topology, "topology family; its parameters as --PARAM VALUE");
  dlt->add_option("--machine", dlt_options.machine_file,
                  "YAML file holding a machine mapping (per-processor and per-link values); flags override it");
  dlt->add_option("--w", dlt_options.w, "w of every processor (time per load unit is w*Tcp)");
  dlt->add_option("--z", dlt_options.z, "z of every link (time per load unit is z*Tcm)");
  dlt->add_option("--S", dlt_options.S, "startup latency per message per hop");
  dlt->add_option("--Tcp", dlt_options.Tcp, "computation time scale");
  dlt->add_option("--Tcm", dlt_options.Tcm, "communication time scale");
  dlt->add_option("--coprocessor", dlt_options.coprocessor, "processors have communication co-processors (true/false)");
  dlt->add_option("--send-ports", dlt_options.send_ports, "send ports of every processor: 1, k or all");
  dlt->add_option("--recv-ports", dlt_options.recv_ports, "receive ports of every processor: 1, k or all");
  dlt->add_option("--load", dlt_options.load, "the load V (default 1)");
  dlt->add_option("--source", dlt_options.source, "the originator (default 0)");
  dlt->add_option("--format", dlt_options.format, "table or json")->check(CLI::IsMember({"table", "json"}));
  dlt->add_option("--gantt", dlt_options.gantt, "write the simulated timeline as a Gantt chart (SVG)");
  dlt->add_option("--trace", dlt_options.trace, "write the simulated timeline as Chrome trace JSON (Perfetto)");
  dlt->add_option("--timeline", dlt_options.timeline, "write every interval of the timeline as CSV");
  dlt->footer("Examples:\n"
              "  mpnsim dlt --strategy hypercube-allport --topology hypercube --dim 2 --format json\n"
              "  mpnsim dlt --strategy hypercube-nlf --topology hypercube --dim 8 --w 1 --z 0.36 --S 700 "
              "--load 1e6\n"
              "  mpnsim dlt --strategy star-sequential --topology star --n 5 --gantt star.svg\n"
              "Topology and strategy parameters are given as --PARAM VALUE (--topology.X / --strategy.X "
              "when both take X).");
  dlt->allow_extras();

  // dag
  auto* dag = app.add_subcommand("dag", mpnsim::dag_command_description());
  mpnsim::DagCommandOptions dag_options;
  dag->add_option("--scheduler", dag_options.scheduler, mpnsim::dag_scheduler_option_help())->required();
  dag->add_option("--graph", dag_options.graph,
                  "the task graph: a DOT (node and edge attribute size), STG or WfCommons JSON (WfFormat 1.4/1.5) file");
  dag->add_option("--graph-format", dag_options.graph_format,
                  "dot, stg or wfcommons (default: from the file's extension, .dot/.gv, .stg, .json)")
      ->check(CLI::IsMember({"dot", "stg", "wfcommons"}));
  dag->add_option("--costs", dag_options.costs,
                  "CSV of each task's execution time on each processor (task,P0,P1,...): the heterogeneous model, "
                  "where w and Tcp do not apply");
  dag->add_flag("--generate", dag_options.generate,
                "a random graph of thesis §6.4 instead: --tasks --max_in --max_out --exec_min --exec_max "
                "--data_min --data_max --integer");
  dag->add_option("--seed", dag_options.seed, "base seed of generated graphs, as an experiment's seed (default 1)")
      ->check(kNonNegative);
  dag->add_option("--topology", dag_options.topology, "topology family; its parameters as --PARAM VALUE");
  dag->add_option("--machine", dag_options.machine_file,
                  "YAML file holding a machine mapping (per-processor and per-link values); flags override it");
  dag->add_option("--w", dag_options.w, "w of every processor (a task of work W takes W*w*Tcp)");
  dag->add_option("--z", dag_options.z, "z of every link (a message of D units takes S + D*z*Tcm per hop)");
  dag->add_option("--S", dag_options.S, "startup latency per message per hop");
  dag->add_option("--Tcp", dag_options.Tcp, "computation time scale");
  dag->add_option("--Tcm", dag_options.Tcm, "communication time scale");
  dag->add_option("--coprocessor", dag_options.coprocessor, "processors compute while communicating (true/false)");
  dag->add_option("--send-ports", dag_options.send_ports, "send ports of every processor: 1, k or all (default all)");
  dag->add_option("--recv-ports", dag_options.recv_ports, "receive ports of every processor: 1, k or all (default all)");
  dag->add_option("--ec-ratio", dag_options.ec_ratio,
                  "scale the edges' data so that mean execution time / mean one-hop message time is this");
  dag->add_flag("--timing", dag_options.timing, "also report the scheduler's CPU time (not deterministic)");
  dag->add_option("--format", dag_options.format, "table or json")->check(CLI::IsMember({"table", "json"}));
  dag->add_option("--gantt", dag_options.gantt, "write the replayed timeline as a Gantt chart (SVG)");
  dag->add_option("--trace", dag_options.trace, "write the replayed timeline as Chrome trace JSON (Perfetto)");
  dag->add_option("--timeline", dag_options.timeline, "write every interval of the replay as CSV");
  dag->add_option("--schedule", dag_options.schedule_csv, "write the schedule as CSV (task, processor, times)");
  dag->add_option("--messages", dag_options.messages_csv,
                  "write every hop of every message as CSV (edge, hop, link, from, to, start, finish)");
  dag->add_option("--write-dot", dag_options.write_dot, "write the task graph as scheduled as DOT");
  dag->footer("Examples:\n"
              "  mpnsim dag --generate --tasks 50 --max_in 3 --max_out 3 --topology let --depth 2 --scheduler lps "
              "--format json\n"
              "  mpnsim dag --graph docs/examples/fork_join.dot --topology hypercube --dim 3 --scheduler heft --S 0.1 "
              "--gantt g.svg\n"
              "  mpnsim dag --graph docs/examples/diamond.stg --dummies drop --topology debruijn --order 3 --directed "
              "--scheduler dls\n"
              "  mpnsim dag --graph tests/data/topcuoglu2002_fig2.dot --costs tests/data/topcuoglu2002_fig2_costs.csv "
              "--topology complete --n 3 --z 1 --S 0 --scheduler cpop\n"
              "  mpnsim dag --graph tests/data/wfcommons/helloworld-chain-5-chameleon.wfformat-1.5.json --topology "
              "hypercube --dim 3 --z 1e-9 --scheduler peft\n"
              "  mpnsim dag --generate --tasks 100 --topology hypercube --dim 4 --send-ports 1 --recv-ports 1 "
              "--ec-ratio 0.5 --scheduler heft --comm contention\n"
              "  mpnsim dag --generate --tasks 10 --topology complete --n 3 --scheduler optimal --format json\n"
              "Topology, workload and scheduler parameters are given as --PARAM VALUE (--topology.X, --workload.X, "
              "--scheduler.X when more than one takes X); a DOT file's edges without size take "
              "--default_edge_size D.\nThe examples' files are shipped (docs/examples/, tests/data/): run them from "
              "the repository's root.");
  dag->allow_extras();

  // tree
  auto* tree = app.add_subcommand("tree", "one task tree placed level by level by one scheduler on one network: "
                                          "per-level loads, LIF, moves and minimum-distance violations");
  mpnsim::TreeCommandOptions tree_options;
  tree->add_option("--format", tree_options.format, "table or json")->check(CLI::IsMember({"table", "json"}));
  tree->add_option("--seed", tree_options.seed, "base seed of random trees, as an experiment's seed (default 1)")
      ->check(kNonNegative);
  tree->add_flag("--execute", tree_options.execute, "also play the placed tree out on the engine");
  tree->add_option("--grain", tree_options.grain, "g: time to spawn a task's children, and again to combine results");
  tree->add_option("--S", tree_options.S, "startup latency per message per hop");
  tree->add_option("--C", tree_options.C, "time per unit of message size per hop");
  tree->add_option("--task-size", tree_options.task_size, "size of a task message (default 1)");
  tree->add_option("--result-size", tree_options.result_size, "size of a result message (default 1)");
  tree->add_option("--coprocessor", tree_options.coprocessor, "processors compute while communicating (true/false)");
  tree->add_option("--send-ports", tree_options.send_ports, "send ports of every processor: 1, k or all");
  tree->add_option("--recv-ports", tree_options.recv_ports, "receive ports of every processor: 1, k or all");
  tree->add_option("--gantt", tree_options.gantt, "write the execution's timeline as a Gantt chart (SVG)");
  tree->add_option("--trace", tree_options.trace, "write the execution's timeline as Chrome trace JSON (Perfetto)");
  tree->add_option("--timeline", tree_options.timeline, "write every interval of the execution as CSV");
  tree->footer(mpnsim::tree_command_footer());
  tree->allow_extras();

  // -v and -q may follow these subcommands too (topo keeps its extras for the family's parameters).
  run->fallthrough();
  validate->fallthrough();

  auto* list = app.add_subcommand("list", "list topologies, experiment kinds, workloads, strategies and schedulers with their parameters");

  list->footer("Examples:\n"
               "  mpnsim list\n"
               "  mpnsim list | grep -A3 '^  heft'");
  list->fallthrough();
  mpnsim::refuse_repeated_options(app);
  // The commands that pass unknown flags on to models suggest among their own flags too.
  dlt_options.own_flags = mpnsim::flag_names(*dlt);
  dag_options.own_flags = mpnsim::flag_names(*dag);
  tree_options.own_flags = mpnsim::flag_names(*tree);
  const std::vector<std::string> topo_flags = mpnsim::flag_names(*topo);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // The command whose flags were being read: the last subcommand given.
    const CLI::App* where = &app;
    for (const CLI::App* sub : app.get_subcommands({}))
      if (sub->parsed()) where = sub;
    const std::string command = where == &app ? "mpnsim" : "mpnsim " + where->get_name();
    if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
      // CLI11 keeps the unexpected arguments only in its message: "...not expected: 2 --jbos".
      std::vector<std::string> extras;
      const std::string what = e.what();
      std::istringstream words(what.substr(what.find(':') + 1));
      for (std::string w; words >> w;) extras.push_back(w);
      std::cerr << command << ": " << mpnsim::unknown_flags_message(*where, extras) << "\n"
                << "Run with --help for more information.\n";
      return mpnsim::kExitBadInput;
    }
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) && std::string(e.what()).find("At Most 1") != std::string::npos) {
      const std::string what = e.what();
      std::cerr << command << ": " << what.substr(0, what.find(':'))
                << " given more than once: give each flag once\n";
      return mpnsim::kExitBadInput;
    }
    return app.exit(e) == 0 ? 0 : mpnsim::kExitBadInput;
  }

  // topo and dlt keep unknown flags for the family's and strategy's parameters:
  // take the logging flags out of them here.
  std::vector<std::string> topo_extras = topo->remaining(), dlt_extras = dlt->remaining();
  std::vector<std::string> tree_extras = tree->remaining();
  std::vector<std::string> dag_extras = dag->remaining();
  for (auto* extras : {&topo_extras, &dlt_extras, &tree_extras, &dag_extras}) {
    std::vector<std::string> kept;
    for (const auto& a : *extras) {
      if (a == "-q" || a == "--quiet") quiet = true;
      else if (a == "-v" || a == "--verbose") ++verbosity;
      else if (a == "-vv") verbosity += 2;
      else kept.push_back(a);
    }
    *extras = std::move(kept);
  }

  auto logger = spdlog::stderr_color_mt("mpnsim");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("[%^%l%$] %v");
  // Under mpirun only rank 0 reports progress; the others speak only of problems.
  if (mpi.rank() != 0) quiet = true;
  spdlog::set_level(quiet ? spdlog::level::warn
                          : verbosity >= 2 ? spdlog::level::trace
                          : verbosity == 1 ? spdlog::level::debug
                                           : spdlog::level::info);

  try {
    if (*run || *validate || *dlt || *dag || *tree) stop_at_signals();
    if (*run) {
      auto overrides = parse_sets(sets);
      if (!seed.empty()) overrides.push_back({"seed", seed, "--seed"});
      if (!repetitions.empty()) overrides.push_back({"repetitions", repetitions, "--repetitions"});
      mpnsim::RunOptions options;
      options.output_dir = out_dir;
      options.jobs = jobs;
      options.progress = !no_progress && !quiet && mpi.rank() == 0;
      options.resume = resume;
      const mpnsim::Slice slice = shard.empty() ? mpnsim::Slice{} : parse_slice(shard);
      if (mpi.active() && slice.count > 1)
        throw CLI::ValidationError("--shard", "under mpirun the ranks already share the runs");
      return mpnsim::run_command(run_file, overrides, options, slice, mpi);
    }
    if (*merge) {
      auto overrides = parse_sets(merge_sets);
      if (!merge_seed.empty()) overrides.push_back({"seed", merge_seed, "--seed"});
      if (!merge_repetitions.empty()) overrides.push_back({"repetitions", merge_repetitions, "--repetitions"});
      mpnsim::RunOptions options;
      options.output_dir = merge_out;
      return mpnsim::merge_command(merge_file, merge_slices, overrides, options);
    }
    if (*validate) {
      auto overrides = parse_sets(validate_sets);
      if (!validate_seed.empty()) overrides.push_back({"seed", validate_seed, "--seed"});
      if (!validate_repetitions.empty()) overrides.push_back({"repetitions", validate_repetitions, "--repetitions"});
      return mpnsim::validate_command(validate_file, overrides);
    }
    if (*topo) return mpnsim::topo_command(topo_extras, format, topo_out, topo_force, topo_flags, std::cout);
    if (*dlt) {
      dlt_options.extras = dlt_extras;
      return mpnsim::dlt_command(dlt_options, std::cout);
    }
    if (*dag) {
      dag_options.extras = dag_extras;
      return mpnsim::dag_command(dag_options, std::cout);
    }
    if (*tree) {
      tree_options.args = tree_extras;
      return mpnsim::tree_command(tree_options, std::cout);
    }
    if (*list) return mpnsim::list_command(std::cout);
  } catch (const CLI::ValidationError& e) {
    spdlog::error("{}", e.what());
    return mpnsim::kExitBadInput;
  } catch (const mpnsim::Interrupted&) {
    spdlog::error("interrupted: nothing was written");
    return mpnsim::kExitInterrupted;
  } catch (const std::bad_alloc&) {
    // The last resort: the size checks estimate memory before the work, but not every byte.
    const auto* command = app.get_subcommands().empty() ? nullptr : app.get_subcommands().front();
    spdlog::error("out of memory while running `mpnsim {}`: the input asks for more memory than this process may "
                  "use (see `ulimit -v` and the machine's free memory); try a smaller network or workload",
                  command ? command->get_name() : std::string("?"));
    return mpnsim::kExitFailure;
  } catch (const std::exception& e) {
    spdlog::error("{}", e.what());
    return mpnsim::kExitFailure;
  }
  return mpnsim::kExitOk;
}

int main(int argc, char** argv) {
  // A write past the file size limit fails with EFBIG ("File too large"), reported and cleaned
  // up as any failed write, instead of the signal killing the process (issue #21, D3).
  std::signal(SIGXFSZ, SIG_IGN);
  mpnsim::CheckedStandardOutput out;
  return out.finish(run_main(argc, argv), mpnsim::kExitFailure);
}
