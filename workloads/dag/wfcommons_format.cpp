// Reading WfFormat JSON: both layouts into one list of tasks, then edges from dependencies and shared files.
#include "workloads/dag/wfcommons_format.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "workloads/dag/dag_cycle.hpp"
#include "workloads/dag/dag_input_limits.hpp"
#include "workloads/dag/unique_task_names.hpp"
#include "workloads/workload_input_error.hpp"

namespace mpnsim {

namespace {

using nlohmann::json;

// A reference to another task, and where it was written (for the error message).
struct Reference {
  std::string name;
  std::string path;
};

// A task as read from either layout, before references are resolved.
// Ids are the keys, names the labels: a task is known by its id wherever the layout gives
// one (always in 1.5; in 1.4 when the task has an `id`), so tasks may share a name (Nextflow
// instances do). The graph's task is named by its label: the id in 1.5, as before; the name
// in 1.4, whose references may also give a name when only one task bears it.
struct RawTask {
  std::string name;       // the label
  std::string key;        // the id, or the name when there is no id
  std::string path;       // e.g. workflow.tasks[3]
  std::string key_path;   // where its key is: PATH.id, or PATH.name (1.4 without ids)
  double work = 0;
  std::vector<Reference> parents, children;
  std::vector<std::string> inputs, outputs;  // file ids
};

struct RawWorkflow {
  std::string tasks_path;  // where the tasks are, for the cycle message
  std::vector<RawTask> tasks;
  bool names_refer = false;  // 1.4: a reference may be a task's name (when no key matches)
  std::unordered_map<std::string, double> file_size;
};

const char* type_name(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::discarded: return "nothing";
    default: return "a number";
  }
}

class Reader {
 public:
  explicit Reader(const std::string& file) : file_(file) {}

  [[noreturn]] void fail(const std::string& path, const std::string& problem) const {
    throw WorkloadInputError(file_, 0, fmt::format("{}: {}", path, problem));
  }
  const json& object(const json& v, const std::string& path) const {
    if (!v.is_object()) fail(path, fmt::format("expected an object, got {}", type_name(v)));
    return v;
  }
  const json& array(const json& v, const std::string& path) const {
    if (!v.is_array()) fail(path, fmt::format("expected an array, got {}", type_name(v)));
    return v;
  }
  std::string text(const json& v, const std::string& path) const {
    if (!v.is_string()) fail(path, fmt::format("expected a string, got {}", type_name(v)));
    std::string s = v.get<std::string>();
    if (s.empty()) fail(path, "expected a non-empty string");
    return s;
  }
  double amount(const json& v, const std::string& path) const {
    if (!v.is_number()) fail(path, fmt::format("expected a number >= 0, got {}", type_name(v)));
    const double x = v.get<double>();
    if (!std::isfinite(x) || x < 0) fail(path, fmt::format("expected a number >= 0, got {}", v.dump()));
    return x;
  }
  // obj[key], which must be there.
  const json& member(const json& obj, const std::string& path, const char* key) const {
    const auto it = obj.find(key);
    if (it == obj.end()) fail(path, fmt::format("missing '{}'", key));
    return *it;
  }
  // An optional array of task references (parents or children).
  std::vector<Reference> references(const json& task, const std::string& path, const char* key) const {
    std::vector<Reference> out;
    const auto it = task.find(key);
    if (it == task.end()) return out;
    const std::string at = fmt::format("{}.{}", path, key);
    const json& list = array(*it, at);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string item = fmt::format("{}[{}]", at, i);
      out.push_back({text(list[i], item), item});
    }
    return out;
  }

 private:
  const std::string& file_;
};

// WfFormat 1.5: specification (structure, files) and execution (runtimes) apart.
RawWorkflow read_specification(const Reader& r, const json& workflow) {
  RawWorkflow w;
  const json& spec = r.object(workflow.at("specification"), "workflow.specification");
  w.tasks_path = "workflow.specification.tasks";
  const json& tasks = r.array(r.member(spec, "workflow.specification", "tasks"), w.tasks_path);
  if (const auto files = spec.find("files"); files != spec.end()) {
    const json& list = r.array(*files, "workflow.specification.files");
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string path = fmt::format("workflow.specification.files[{}]", i);
      const json& f = r.object(list[i], path);
      const std::string id = r.text(r.member(f, path, "id"), path + ".id");
      const double size = r.amount(r.member(f, path, "sizeInBytes"), path + ".sizeInBytes");
      const auto [it, added] = w.file_size.emplace(id, size);
      if (!added && it->second != size)
        r.fail(path + ".sizeInBytes", fmt::format("file '{}' is listed before with {} bytes, here with {}", id,
                                                  it->second, size));
    }
  }
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    RawTask t;
    t.path = fmt::format("{}[{}]", w.tasks_path, i);
    const json& task = r.object(tasks[i], t.path);
    t.key_path = t.path + ".id";
    t.key = r.text(r.member(task, t.path, "id"), t.key_path);
    t.name = t.key;
    t.parents = r.references(task, t.path, "parents");
    t.children = r.references(task, t.path, "children");
    for (const char* key : {"inputFiles", "outputFiles"}) {
      const auto it = task.find(key);
      if (it == task.end()) continue;
      const std::string at = fmt::format("{}.{}", t.path, key);
      const json& list = r.array(*it, at);
      auto& ids = std::string(key) == "inputFiles" ? t.inputs : t.outputs;
      for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string item = fmt::format("{}[{}]", at, k);
        // A file id; an object {id, ...} is taken too.
        const std::string id = list[k].is_object() ? r.text(r.member(list[k], item, "id"), item + ".id")
                                                   : r.text(list[k], item);
        if (!w.file_size.count(id)) r.fail(item, fmt::format("no file '{}' in workflow.specification.files", id));
        ids.push_back(id);
      }
    }
    w.tasks.push_back(std::move(t));
  }

  // Runtimes, by task id.
  const auto execution = workflow.find("execution");
  if (execution == workflow.end())
    r.fail("workflow.execution", "missing: a WfFormat 1.5 instance gives the tasks' runtimes there");
  r.object(*execution, "workflow.execution");
  const json& runs = r.array(r.member(*execution, "workflow.execution", "tasks"), "workflow.execution.tasks");
  std::unordered_map<std::string, std::size_t> task_of;
  for (std::size_t i = 0; i < w.tasks.size(); ++i)
    if (const auto [it, added] = task_of.emplace(w.tasks[i].key, i); !added)
      r.fail(w.tasks[i].key_path, fmt::format("task '{}' appears twice (also {}[{}])", w.tasks[i].key, w.tasks_path,
                                              it->second));
  std::vector<bool> timed(w.tasks.size(), false);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const std::string path = fmt::format("workflow.execution.tasks[{}]", i);
    const json& run = r.object(runs[i], path);
    const std::string id = r.text(r.member(run, path, "id"), path + ".id");
    const auto it = task_of.find(id);
    if (it == task_of.end()) r.fail(path + ".id", fmt::format("no task '{}' in workflow.specification.tasks", id));
    if (timed[it->second]) r.fail(path + ".id", fmt::format("task '{}' has a second entry", id));
    timed[it->second] = true;
    w.tasks[it->second].work = r.amount(r.member(run, path, "runtimeInSeconds"), path + ".runtimeInSeconds");
  }
  for (std::size_t i = 0; i < w.tasks.size(); ++i)
    if (!timed[i]) r.fail("workflow.execution.tasks", fmt::format("no entry for task '{}'", w.tasks[i].key));
  return w;
}

// WfFormat 1.4 (and 1.3): one list of tasks, each with its runtime and files.
RawWorkflow read_task_list(const Reader& r, const json& workflow) {
  RawWorkflow w;
  w.tasks_path = "workflow.tasks";
  w.names_refer = true;
  const json& tasks = r.array(workflow.at("tasks"), w.tasks_path);
  // A file's size: as its producer declares it, else as its first reader does.
  std::unordered_map<std::string, std::pair<double, bool>> size;  // (bytes, from an output)
  for (std::size_t i = 0; i < tasks.size(); ++i) {
    RawTask t;
    t.path = fmt::format("{}[{}]", w.tasks_path, i);
    const json& task = r.object(tasks[i], t.path);
    t.name = r.text(r.member(task, t.path, "name"), t.path + ".name");
    if (const auto id = task.find("id"); id != task.end() && id->is_string()) {
      t.key_path = t.path + ".id";
      t.key = r.text(*id, t.key_path);
    } else {
      t.key_path = t.path + ".name";
      t.key = t.name;
    }
    if (const auto rt = task.find("runtimeInSeconds"); rt != task.end())
      t.work = r.amount(*rt, t.path + ".runtimeInSeconds");
    else if (const auto old = task.find("runtime"); old != task.end())
      t.work = r.amount(*old, t.path + ".runtime");
    else
      r.fail(t.path, "missing 'runtimeInSeconds' (or 'runtime' before WfFormat 1.4)");
    t.parents = r.references(task, t.path, "parents");
    t.children = r.references(task, t.path, "children");
    if (const auto files = task.find("files"); files != task.end()) {
      const std::string at = t.path + ".files";
      const json& list = r.array(*files, at);
      for (std::size_t k = 0; k < list.size(); ++k) {
        const std::string fp = fmt::format("{}[{}]", at, k);
        const json& f = r.object(list[k], fp);
        std::string id = r.text(r.member(f, fp, "name"), fp + ".name");
        if (const auto dir = f.find("path"); dir != f.end()) id = r.text(*dir, fp + ".path") + id;
        double bytes = 0;
        if (const auto s = f.find("sizeInBytes"); s != f.end())
          bytes = r.amount(*s, fp + ".sizeInBytes");
        else if (const auto old = f.find("size"); old != f.end())
          bytes = r.amount(*old, fp + ".size");
        else
          r.fail(fp, "missing 'sizeInBytes' (or 'size' before WfFormat 1.4)");
        std::string link = r.text(r.member(f, fp, "link"), fp + ".link");
        std::transform(link.begin(), link.end(), link.begin(), [](unsigned char c) { return std::tolower(c); });
        if (link != "input" && link != "output") r.fail(fp + ".link", fmt::format("expected input or output, got '{}'", link));
        const bool output = link == "output";
        if (const auto known = size.find(id); known == size.end())
          size.emplace(id, std::pair{bytes, output});
        else if (output && !known->second.second)
          known->second = {bytes, true};
        (output ? t.outputs : t.inputs).push_back(id);
      }
    }
    w.tasks.push_back(std::move(t));
  }
  for (const auto& [id, s] : size) w.file_size.emplace(id, s.first);
  return w;
}

TaskGraph build(const Reader& r, const RawWorkflow& w, const std::string& name, const std::string& file) {
  TaskGraph g(name);
  g.reserve(static_cast<int>(w.tasks.size()), 0);
  std::unordered_map<std::string, int> index;  // key -> task
  std::unordered_map<std::string, int> named;  // 1.4 label -> task, -1 when several tasks bear it
  // Tasks that share a name are known as name#id in every output (unique_task_names.hpp).
  std::vector<std::string> names, keys;
  for (const RawTask& t : w.tasks) {
    names.push_back(t.name);
    keys.push_back(t.key);
  }
  for (const RawTask& t : w.tasks) {
    const auto [it, added] = index.emplace(t.key, static_cast<int>(index.size()));
    if (!added)
      r.fail(t.key_path, fmt::format("task '{}' appears twice (also {}[{}])", t.key, w.tasks_path, it->second));
  }
  const std::vector<std::string> labels = unique_task_names(names, keys);
  for (const RawTask& t : w.tasks) {
    if (w.names_refer)
      if (const auto [n, first] = named.emplace(t.name, g.size()); !first) n->second = -1;
    g.add_task(labels[static_cast<std::size_t>(g.size())], t.work);
  }
  auto resolve = [&](const Reference& ref) {
    if (const auto it = index.find(ref.name); it != index.end()) return it->second;
    if (const auto n = named.find(ref.name); n != named.end()) {
      if (n->second < 0)
        r.fail(ref.path, fmt::format("'{}' is the name of more than one task and the id of none: refer to the task "
                                     "by its id",
                                     ref.name));
      return n->second;
    }
    r.fail(ref.path, fmt::format("no task '{}'", ref.name));
  };
  // The edges are the union of the listed dependencies and the files passed on, as WRENCH
  // reads WfFormat: a task that reads a file another task writes depends on it. Each edge
  // once, in the order first met: a task's parents, then its children, task by task; then
  // the file dependencies not listed, by reading task and its inputs in order.
  std::set<std::pair<int, int>> seen;
  std::vector<std::pair<int, int>> deps;
  for (int t = 0; t < g.size(); ++t) {
    const RawTask& raw = w.tasks[static_cast<std::size_t>(t)];
    auto add = [&](int from, int to, const Reference& ref) {
      if (from == to) r.fail(ref.path, fmt::format("task '{}' depends on itself", raw.key));
      if (seen.emplace(from, to).second) deps.emplace_back(from, to);
    };
    for (const Reference& p : raw.parents) add(resolve(p), t, p);
    for (const Reference& c : raw.children) add(t, resolve(c), c);
  }
  std::unordered_map<std::string, std::vector<int>> writers;  // file -> the tasks that write it
  for (int t = 0; t < g.size(); ++t)
    for (const std::string& f : w.tasks[static_cast<std::size_t>(t)].outputs)
      if (auto& v = writers[f]; v.empty() || v.back() != t) v.push_back(t);
  for (int t = 0; t < g.size(); ++t)
    for (const std::string& f : w.tasks[static_cast<std::size_t>(t)].inputs) {
      const auto it = writers.find(f);
      if (it == writers.end()) continue;
      for (const int from : it->second) {
        // A task that reads back its own file does not wait for itself.
        if (from == t || !seen.emplace(from, t).second) continue;
        deps.emplace_back(from, t);
        // Files read by many and written by many could make a graph past the limits: stop at them.
        if (deps.size() > static_cast<std::size_t>(kMaxDagEdges))
          r.fail(w.tasks_path, fmt::format("its tasks and the files they pass on make more than {} dependencies: {}",
                                           kMaxDagEdges,
                                           *dag_size_problem(static_cast<double>(g.size()),
                                                             static_cast<double>(deps.size()))));
      }
    }
  if (const auto problem = dag_size_problem(static_cast<double>(g.size()), static_cast<double>(deps.size())))
    r.fail(w.tasks_path, *problem);
  g.reserve(g.size(), static_cast<int>(deps.size()));
  std::vector<std::unordered_set<std::string>> reads(static_cast<std::size_t>(g.size()));
  for (int t = 0; t < g.size(); ++t) {
    const RawTask& raw = w.tasks[static_cast<std::size_t>(t)];
    reads[static_cast<std::size_t>(t)].insert(raw.inputs.begin(), raw.inputs.end());
  }
  for (const auto& [from, to] : deps) {
    // The files the parent writes and the child reads, each counted once.
    double data = 0;
    std::unordered_set<std::string> counted;
    for (const std::string& f : w.tasks[static_cast<std::size_t>(from)].outputs)
      if (reads[static_cast<std::size_t>(to)].count(f) && counted.insert(f).second) data += w.file_size.at(f);
    g.add_edge(from, to, data);
  }
  g.finalize();
  // Runtimes and file sizes the model's arithmetic cannot carry (dag_input_limits.hpp).
  if (const auto problem = dag_number_problem(g)) {
    const std::size_t i = static_cast<std::size_t>(problem->index);
    r.fail(problem->on_task ? w.tasks[i].path
                            : w.tasks[static_cast<std::size_t>(deps[i].first)].path + " -> " +
                                  w.tasks[static_cast<std::size_t>(deps[i].second)].path,
           problem->text);
  }
  if (const auto cycle = find_cycle(g); !cycle.empty())
    throw WorkloadInputError(file, 0, fmt::format("{}: the graph has a cycle: {}", w.tasks_path, describe_cycle(g, cycle)));
  return g;
}

}  // namespace

TaskGraph read_wfcommons(std::string_view text, const std::string& file) {
  json root;
  try {
    root = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    // The line of the byte where parsing stopped; the library's own words after it.
    const std::size_t upto = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(upto), '\n'));
    std::string what = e.what();
    if (const auto colon = what.find(": "); colon != std::string::npos) what = what.substr(colon + 2);
    throw WorkloadInputError(file, line, fmt::format("not valid JSON: {}", what));
  } catch (const json::out_of_range& e) {
    // A number past double's range (1e309): the library names the token but not its place,
    // so the line is that of the token's first occurrence.
    std::string what = e.what();
    if (const auto bracket = what.find("] "); bracket != std::string::npos) what = what.substr(bracket + 2);
    int line = 0;
    if (const auto q = what.find('\''); q != std::string::npos) {
      const std::string token = what.substr(q + 1, what.rfind('\'') - q - 1);
      if (const auto at = text.find(token); !token.empty() && at != std::string_view::npos)
        line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    }
    throw WorkloadInputError(file, line, fmt::format("not valid JSON here: {}", what));
  }
  const Reader r(file);
  r.object(root, "(the document)");
  const json& workflow = r.object(r.member(root, "(the document)", "workflow"), "workflow");
  std::string name;
  if (const auto n = root.find("name"); n != root.end() && n->is_string()) name = n->get<std::string>();
  if (workflow.contains("specification")) return build(r, read_specification(r, workflow), name, file);
  if (workflow.contains("tasks")) return build(r, read_task_list(r, workflow), name, file);
  r.fail("workflow", "has neither 'specification' (WfFormat 1.5) nor 'tasks' (WfFormat 1.4)");
}

TaskGraph read_wfcommons_file(const std::string& path) { return read_wfcommons(read_text_file(path), path); }

}  // namespace mpnsim
