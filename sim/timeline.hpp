// What happened in a simulation: every compute interval and every hop of every message.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mpnsim {

// Fields are ordered so that no padding is needed: 32 and 48 bytes, one of
// each per computation and hop of a run.
struct ComputeRecord {
  int processor;
  std::uint32_t tag;
  double start;
  double end;
  double amount;
};

struct TransferRecord {
  int link;
  int from;  // sending end of this hop
  int to;    // receiving end of this hop
  std::uint32_t tag;
  double start;
  double end;
  double amount;
  std::uint32_t message;  // message id: the hops of one message share it
  int hop;                // 0 for the first hop of its message
};

class Timeline {
 public:
  // Tags are interned strings; tag 0 is the empty tag.
  Timeline() { tags_.emplace_back(); }
  std::uint32_t intern(std::string_view tag);
  const std::string& tag_name(std::uint32_t tag) const { return tags_[tag]; }
  // Tags for names[0..k), new ones even where a name is known: names[i] is tag
  // first + i, and first is returned. For a plan's names, which are given once.
  std::uint32_t add_tags(const std::vector<std::string>& names);
  // The same, taking the strings over instead of copying them.
  std::uint32_t add_tags(std::vector<std::string>&& names);

  // Whether the records (and the tags they name) are kept: the default. Without them the
  // timeline keeps only its running totals, end(), hop_count() and compute_end(), for a run
  // whose outputs need nothing else (a DAG replay or `mpnsim dlt` without Gantt chart, trace
  // or timeline file).
  void keep_records(bool keep) { keep_ = keep; }
  bool keeps_records() const { return keep_; }

  // Room for this many records, so that long runs do not copy while growing.
  void reserve(std::size_t computes, std::size_t transfers) {
    if (!keep_) return;
    computes_.reserve(computes_.size() + computes);
    transfers_.reserve(transfers_.size() + transfers);
  }
  void add(const ComputeRecord& r) {
    end_ = r.end > end_ ? r.end : end_;
    if (!keep_) {
      // Without records, each processor's last computation end is kept instead.
      const auto p = static_cast<std::size_t>(r.processor);
      if (p >= compute_end_.size()) compute_end_.resize(p + 1, 0.0);
      compute_end_[p] = r.end > compute_end_[p] ? r.end : compute_end_[p];
    } else {
      computes_.push_back(r);
    }
  }
  void add(const TransferRecord& r) {
    end_ = r.end > end_ ? r.end : end_;
    ++hops_;
    hop_time_ += r.end - r.start;
    if (keep_) transfers_.push_back(r);
  }
  std::uint32_t new_message() { return messages_++; }
  // Renumbers the link of every hop: link l becomes ids[l]. For a run on a
  // machine built from part of a network's links, so that hops name the
  // network's own link indices.
  void renumber_links(const std::vector<int>& ids);

  const std::vector<ComputeRecord>& computes() const { return computes_; }
  const std::vector<TransferRecord>& transfers() const { return transfers_; }
  std::uint32_t messages() const { return messages_; }
  // The end of the last record (0 before any), and the hops recorded: summarize()'s makespan
  // and hops, whether or not the records are kept.
  double end() const { return end_; }
  std::uint64_t hop_count() const { return hops_; }
  // The hops' total duration: the time link directions were busy (a link utilisation's
  // numerator), whether or not the records are kept.
  double hop_time() const { return hop_time_; }
  // Without records: the end of each processor's last computation (0 for one that never
  // computed), summarize()'s ProcessorStats::finish.
  double compute_end(int processor) const {
    const auto p = static_cast<std::size_t>(processor);
    return p < compute_end_.size() ? compute_end_[p] : 0.0;
  }

 private:
  std::vector<std::string> tags_;
  std::unordered_map<std::string, std::uint32_t> tag_index_;
  std::vector<ComputeRecord> computes_;
  std::vector<TransferRecord> transfers_;
  std::uint32_t messages_ = 0;
  bool keep_ = true;
  double end_ = 0;
  std::uint64_t hops_ = 0;
  double hop_time_ = 0;
  std::vector<double> compute_end_;  // per processor, kept only without records
};

struct ProcessorStats {
  double finish = 0;         // end of its last computation (0 if it never computed)
  double busy = 0;           // time spent computing
  double communicating = 0;  // time some message of its own was on the wire (union of intervals)
  double idle = 0;           // makespan minus time computing or communicating
  double utilization = 0;    // busy / makespan
};

struct TimelineStats {
  double makespan = 0;       // end of the last record
  std::vector<ProcessorStats> processors;
  double utilization = 0;    // total busy / (processors * makespan)
  std::uint64_t messages = 0;
  std::uint64_t hops = 0;
  double transferred = 0;    // load units moved, summed over hops
};

TimelineStats summarize(const Timeline& timeline, int processors);

// One row per record: kind,processor,from,to,link,start,end,amount,tag,message,hop
void write_timeline_csv(const Timeline& timeline, std::ostream& out);

}  // namespace mpnsim
