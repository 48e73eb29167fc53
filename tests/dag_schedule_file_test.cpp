// The DAG schedule file's reader (bench/simgrid/dag_schedule_file.hpp): a file read back as written, and the
// messages' checks, made a few messages late, refusing what they refused when made at once, in the same order.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bench/simgrid/dag_schedule_file.hpp"
#include "bench/simgrid/token_text.hpp"

namespace {

using namespace mpnsim::bench;

// 50 tasks in a chain on the 2-cube's four processors in turn, each edge a message of one hop.
// Message k is on line kFirstMessageLine + k.
constexpr int kMessages = 49;
constexpr int kFirstMessageLine = 112;

DagScheduleFile chain_file() {
  DagScheduleFile f;
  f.family = "hypercube";
  f.family_size = 2;
  f.scheduler = "test";
  f.unit = 1024;
  f.z = 0.5;
  f.latency = 0.01;
  for (int t = 0; t < kMessages + 1; ++t) f.tasks.push_back({t % 4, 2.0 * t + 0.25, 2.0 * t + 1.25, 1});
  for (int t = 0; t < kMessages; ++t) {
    f.edges.push_back({t, t + 1, 0.5 + t});
    DagFileMessage m;
    m.edge = t;
    m.from = t % 4;
    m.to = (t + 1) % 4;
    m.depart = 2.0 * t + 1.25;
    m.arrive = 2.0 * t + 1.75;
    m.route_begin = static_cast<std::uint32_t>(f.route_hops.size());
    m.route_length = 1;
    f.route_hops.push_back(m.to);
    f.messages.push_back(m);
  }
  return f;
}

// Records what the reader hands on.
class Recorder : public DagScheduleSink {
 public:
  std::vector<DagFileMessage> handed;
  std::vector<std::vector<int>> routes;
  void header(const DagScheduleFile&) override {}
  void tasks(std::size_t) override {}
  void task(const DagFileTask&) override {}
  void edges(std::size_t) override {}
  void edge(const DagFileEdge&) override {}
  void messages(std::size_t) override {}
  void message(const DagFileMessage& m, const std::vector<int>& route) override {
    handed.push_back(m);
    routes.push_back(route);
  }
};

class DagScheduleFileTest : public ::testing::Test {
 protected:
  // The chain's file with some message lines replaced.
  std::string write(const std::vector<std::pair<int, std::string>>& lines, const std::string& tail = "") {
    path_ = (std::filesystem::temp_directory_path() /
             ("mpnsim_dag_schedule_file_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name()))
                .string();
    write_dag_schedule_file(chain_file(), path_);
    std::string text;
    {
      TextWriter whole;
      std::FILE* f = std::fopen(path_.c_str(), "rb");
      char buf[4096];
      for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, f)) > 0;) whole << std::string_view(buf, got);
      std::fclose(f);
      text = whole.text();
    }
    for (const auto& [message, line] : lines) {
      std::size_t at = 0;
      for (int l = 1; l < kFirstMessageLine + message; ++l) at = text.find('\n', at) + 1;
      text.replace(at, text.find('\n', at) - at, line);
    }
    dump(text + tail, path_);
    return path_;
  }
  std::string error_of(const std::string& path, Recorder& sink) {
    try {
      read_dag_schedule_file(path, sink);
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "";
  }
  void TearDown() override {
    if (!path_.empty()) std::filesystem::remove(path_);
  }
  std::string path_;
};

std::string at_line(const std::string& path, int message, const std::string& what) {
  return path + ":" + std::to_string(kFirstMessageLine + message) + ": " + what;
}

const std::string kWrongEnds = "a message goes from its producer's processor to its consumer's, another one";

// What was written is read back whole, every message handed on once, in order, with its route.
TEST_F(DagScheduleFileTest, AFileReadsBackAsWritten) {
  const DagScheduleFile written = chain_file();
  Recorder sink;
  EXPECT_EQ(error_of(write({}), sink), "");
  ASSERT_EQ(sink.handed.size(), written.messages.size());
  for (std::size_t k = 0; k < written.messages.size(); ++k) {
    EXPECT_EQ(sink.handed[k].edge, written.messages[k].edge);
    EXPECT_EQ(sink.handed[k].from, written.messages[k].from);
    EXPECT_EQ(sink.handed[k].arrive, written.messages[k].arrive);
    EXPECT_EQ(sink.routes[k], std::vector<int>{written.messages[k].to});
  }
  const DagScheduleFile whole = read_dag_schedule_file(path_);
  EXPECT_EQ(whole.route_hops, written.route_hops);
  EXPECT_EQ(whole.tasks.size(), written.tasks.size());
}

// A message whose processors are not its edge's is refused on its own line, before any error
// after it (within the few messages its check waits, or past them), and the sink has had the
// messages before it only.
TEST_F(DagScheduleFileTest, AWrongMessageIsRefusedFirstOnItsLine) {
  {
    Recorder sink;  // message 5 from processor 2, not 1; message 9's route goes back where it starts
    const std::string path = write({{5, "5 2 2 11.25 11.75 1 2"}, {9, "9 1 2 19.25 19.75 1 1"}});
    EXPECT_EQ(error_of(path, sink), at_line(path, 5, kWrongEnds));
    EXPECT_EQ(sink.handed.size(), 5u);
  }
  {
    Recorder sink;  // message 15 to the wrong processor, a bad number in message 20
    const std::string path = write({{15, "15 3 1 31.25 31.75 1 1"}, {20, "20 0 1 x 41.75 1 1"}});
    EXPECT_EQ(error_of(path, sink), at_line(path, 15, kWrongEnds));
    EXPECT_EQ(sink.handed.size(), 15u);
  }
  {
    Recorder sink;  // message 10 wrong, a bad number far later
    const std::string path = write({{10, "10 2 2 21.25 21.75 1 2"}, {30, "30 2 3 61.25 61.75 1 x"}});
    EXPECT_EQ(error_of(path, sink), at_line(path, 10, kWrongEnds));
    EXPECT_EQ(sink.handed.size(), 10u);
  }
  {
    Recorder sink;  // message 45 wrong, among the last few: checked at the end, before the text left over
    const std::string path = write({{45, "45 1 1 91.25 91.75 1 0"}}, "7\n");
    EXPECT_EQ(error_of(path, sink), at_line(path, 45, kWrongEnds));
    EXPECT_EQ(sink.handed.size(), 45u);
  }
  {
    Recorder sink;  // its own line's other error comes after it
    const std::string path = write({{3, "3 0 0 7.25 7.75 0"}});
    EXPECT_EQ(error_of(path, sink), at_line(path, 3, kWrongEnds));
    EXPECT_EQ(sink.handed.size(), 3u);
  }
}

// Errors with every message's processors right are refused where they are, with the messages
// before them handed on.
TEST_F(DagScheduleFileTest, OtherErrorsAfterRightMessages) {
  {
    Recorder sink;
    const std::string path = write({{20, "20 0 1 x 41.75 1 1"}});
    EXPECT_EQ(error_of(path, sink), at_line(path, 20, "not a number: 'x'"));
    EXPECT_EQ(sink.handed.size(), 20u);
  }
  {
    Recorder sink;
    const std::string path = write({{2, "2 2 3 5.25 5.75 1 0"}});
    EXPECT_EQ(error_of(path, sink), at_line(path, 2, "a route ends at the consumer's processor"));
    EXPECT_EQ(sink.handed.size(), 2u);
  }
  {
    Recorder sink;
    const std::string path = write({}, "7\n");
    EXPECT_EQ(error_of(path, sink), path + ":" + std::to_string(kFirstMessageLine + kMessages) + ": more than announced");
    EXPECT_EQ(sink.handed.size(), static_cast<std::size_t>(kMessages));
  }
}

}  // namespace
