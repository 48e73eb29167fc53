// Derived metrics and CSV export of a timeline.
#include "sim/timeline.hpp"

#include <algorithm>
#include <ostream>
#include <string>
#include <utility>

#include "sim/csv_writer.hpp"

namespace mpnsim {

static_assert(sizeof(ComputeRecord) == 32 && sizeof(TransferRecord) == 48);  // no padding: see the header

std::uint32_t Timeline::intern(std::string_view tag) {
  if (tag.empty()) return 0;
  auto [it, inserted] =
      tag_index_.emplace(std::string(tag), static_cast<std::uint32_t>(tags_.size()));
  if (inserted) tags_.emplace_back(tag);
  return it->second;
}

void Timeline::renumber_links(const std::vector<int>& ids) {
  for (auto& t : transfers_) t.link = ids[static_cast<std::size_t>(t.link)];
}

std::uint32_t Timeline::add_tags(const std::vector<std::string>& names) {
  const auto first = static_cast<std::uint32_t>(tags_.size());
  tags_.insert(tags_.end(), names.begin(), names.end());
  return first;
}

namespace {

using Interval = std::pair<double, double>;

// Length of the union of the intervals [begin, end), which it sorts.
double union_length(std::vector<Interval>::iterator begin, std::vector<Interval>::iterator end) {
  std::sort(begin, end);
  double total = 0, cur_start = 0, cur_end = 0;
  bool open = false;
  for (auto it = begin; it != end; ++it) {
    const auto [s, e] = *it;
    if (!open || s > cur_end) {
      if (open) total += cur_end - cur_start;
      cur_start = s;
      cur_end = e;
      open = true;
    } else {
      cur_end = std::max(cur_end, e);
    }
  }
  if (open) total += cur_end - cur_start;
  return total;
}

// Each processor's intervals in one flat array, row by row (compressed rows):
// two allocations whatever the machine's size, where a vector per processor
// took a sixth of a 2^16-processor `dlt` run. Rows keep the order in which the
// records list them, so each row sorts to the same sequence as before.
struct IntervalRows {
  std::vector<std::size_t> first;  // row i is at[first[i] .. first[i + 1])
  std::vector<Interval> at;
  std::vector<std::size_t> fill;

  explicit IntervalRows(std::size_t n) : first(n + 1, 0) {}
  void count(int who) { ++first[static_cast<std::size_t>(who) + 1]; }
  void place() {
    for (std::size_t i = 1; i < first.size(); ++i) first[i] += first[i - 1];
    at.resize(first.back());
    fill.assign(first.begin(), first.end() - 1);
  }
  void add(int who, double start, double end) { at[fill[static_cast<std::size_t>(who)]++] = {start, end}; }
  double union_length(std::size_t i) {
    return mpnsim::union_length(at.begin() + static_cast<std::ptrdiff_t>(first[i]),
                                at.begin() + static_cast<std::ptrdiff_t>(first[i + 1]));
  }
};

}  // namespace

TimelineStats summarize(const Timeline& timeline, int processors) {
  TimelineStats s;
  const auto n = static_cast<std::size_t>(processors);
  s.processors.resize(n);
  IntervalRows comm(n), active(n);
  for (const auto& c : timeline.computes()) active.count(c.processor);
  for (const auto& t : timeline.transfers())
    for (int who : {t.from, t.to}) {
      comm.count(who);
      active.count(who);
    }
  comm.place();
  active.place();
  for (const auto& c : timeline.computes()) {
    auto& p = s.processors[static_cast<std::size_t>(c.processor)];
    p.finish = std::max(p.finish, c.end);
    p.busy += c.end - c.start;
    active.add(c.processor, c.start, c.end);
    s.makespan = std::max(s.makespan, c.end);
  }
  for (const auto& t : timeline.transfers()) {
    for (int who : {t.from, t.to}) {
      comm.add(who, t.start, t.end);
      active.add(who, t.start, t.end);
    }
    s.makespan = std::max(s.makespan, t.end);
    s.transferred += t.amount;
  }
  double total_busy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    auto& p = s.processors[i];
    p.communicating = comm.union_length(i);
    p.idle = s.makespan - active.union_length(i);
    p.utilization = s.makespan > 0 ? p.busy / s.makespan : 0;
    total_busy += p.busy;
  }
  s.utilization = (s.makespan > 0 && n > 0) ? total_busy / (static_cast<double>(n) * s.makespan) : 0;
  s.messages = timeline.messages();
  s.hops = timeline.transfers().size();
  return s;
}

void write_timeline_csv(const Timeline& timeline, std::ostream& out) {
  CsvWriter csv(out);
  csv.row({"kind", "processor", "from", "to", "link", "start", "end", "amount", "tag", "message", "hop"});
  for (const auto& c : timeline.computes())
    csv.row({"compute", std::to_string(c.processor), "", "", "", format_number(c.start),
             format_number(c.end), format_number(c.amount), timeline.tag_name(c.tag), "", ""});
  for (const auto& t : timeline.transfers())
    csv.row({"transfer", "", std::to_string(t.from), std::to_string(t.to), std::to_string(t.link),
             format_number(t.start), format_number(t.end), format_number(t.amount),
             timeline.tag_name(t.tag), std::to_string(t.message), std::to_string(t.hop)});
}

}  // namespace mpnsim
