// The journal of finished runs that lets an interrupted run resume.
#include "experiments/run/run_journal.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "experiments/config/input_error.hpp"
#include "experiments/config/seeding.hpp"
#include "experiments/run/record_json.hpp"

namespace mpnsim {

namespace {

// The stream only says that writing failed; errno says why (a full disk, a file size limit).
std::runtime_error cannot_write(const std::filesystem::path& path) {
  const int e = errno;
  return std::runtime_error("cannot write the run journal " + path.string() +
                            (e != 0 ? std::string(": ") + std::strerror(e) : std::string()));
}

}  // namespace

namespace {

using json = nlohmann::json;

// FNV-1a over the text that decides every result: the file as read and the command-line overrides.
std::string input_digest(const ExperimentFile& file) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  auto add = [&](std::string_view s) {
    for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
    h = (h ^ 0xffU) * 0x100000001b3ULL;  // separator
  };
  if (!file.experiments.empty()) {
    const ExperimentSpec& first = file.experiments.front();
    if (first.source_text) add(*first.source_text);
    for (const auto& o : first.overrides) {
      add(o.key);
      add(o.value);
    }
  }
  return fmt::format("{:016x}", h);
}

}  // namespace

std::string journal_header(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared) {
  json j;
  j["mpnsim_journal"] = 1;
  j["mpnsim_version"] = MPNSIM_VERSION;
  j["file"] = file.file;
  j["name"] = file.name;
  j["input"] = input_digest(file);
  json experiments = json::array();
  for (const auto& pe : prepared)
    experiments.push_back({{"name", pe.spec->name},
                           {"points", pe.spec->points.size()},
                           {"repetitions", pe.spec->repetitions},
                           {"seed", pe.spec->seed}});
  j["experiments"] = experiments;
  return j.dump();
}

RunJournal::RunJournal(std::filesystem::path path, const ExperimentFile& file,
                       const std::vector<PreparedExperiment>& prepared, bool resume,
                       const std::filesystem::path& staged_output)
    : path_(std::move(path)), finished_(prepared.size()) {
  const std::string header = journal_header(file, prepared);
  std::vector<std::string> kept;  // the lines to keep, rewritten below
  if (resume && std::filesystem::exists(path_)) {
    std::ifstream in(path_, std::ios::binary);
    std::string line;
    std::getline(in, line);
    if (line != header)
      throw InputError(file.file, YAML::Mark::null_mark(), "",
                       fmt::format("the run kept in {} was made from other input (the file, --set, --seed, "
                                   "--repetitions or the mpnsim version differ): run without --resume to start afresh",
                                   path_.parent_path().string()));
    std::vector<std::string> lines;
    while (std::getline(in, line)) lines.push_back(line);
    std::set<std::pair<std::size_t, std::pair<std::size_t, int>>> seen;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      json j;
      try {
        j = json::parse(lines[i]);
      } catch (const json::exception&) {
        if (i + 1 == lines.size()) break;  // the last line, cut short by a crash: that run is done again
        throw InputError(path_.string(), YAML::Mark::null_mark(), fmt::format("line {}", i + 2),
                         "not a record of a run: run without --resume to start afresh");
      }
      const std::string where = fmt::format("line {}", i + 2);
      if (!j.is_object() || !j.contains("experiment") || !j["experiment"].is_number_unsigned() ||
          j["experiment"].get<std::size_t>() >= prepared.size())
        throw InputError(path_.string(), YAML::Mark::null_mark(), where, "no such experiment");
      const std::size_t x = j["experiment"].get<std::size_t>();
      RunRecord r = record_from_json(j, path_.string(), where, false);
      const ExperimentSpec& spec = *prepared[x].spec;
      if (r.point >= spec.points.size() || r.repetition >= spec.repetitions ||
          r.seed != point_seed(spec.seed, spec.points[r.point].label(), r.repetition))
        throw InputError(path_.string(), YAML::Mark::null_mark(), where, "a run this input does not have");
      // A run whose files did not all reach the staged output is done again.
      const std::filesystem::path dir = file.suite ? staged_output / spec.name : staged_output;
      bool staged = true;
      for (const auto& a : r.result.artifacts) staged = staged && std::filesystem::is_regular_file(dir / a.filename);
      if (!staged || !seen.insert({x, {r.point, r.repetition}}).second) continue;
      kept.push_back(lines[i]);
      finished_[x].push_back(std::move(r));
    }
  }
  // The journal is rewritten with what was kept, so that it stays a list of whole lines.
  {
    std::ofstream fresh(path_, std::ios::binary | std::ios::trunc);
    fresh << header << '\n';
    for (const auto& l : kept) fresh << l << '\n';
    fresh.close();
    if (!fresh) throw cannot_write(path_);
  }
  out_.open(path_, std::ios::binary | std::ios::app);
  if (!out_) throw cannot_write(path_);
}

std::size_t RunJournal::finished_count() const {
  std::size_t n = 0;
  for (const auto& e : finished_) n += e.size();
  return n;
}

void RunJournal::append(std::size_t experiment, const RunRecord& r) {
  json j = record_to_json(r, false);
  j["experiment"] = experiment;
  const std::string line = j.dump();
  std::lock_guard lock(mutex_);
  out_ << line << '\n';
  out_.flush();  // in the file as the run finishes: a killed process keeps it too
  if (!out_) throw cannot_write(path_);
}

void RunJournal::flush() {
  std::lock_guard lock(mutex_);
  out_.flush();
}

}  // namespace mpnsim
