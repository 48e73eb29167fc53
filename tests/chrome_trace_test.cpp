// The Chrome trace is written event by event: the bytes of the one JSON document it stands for.
#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "experiments/output/chrome_trace.hpp"
#include "sim/engine.hpp"
#include "sim/machine.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

// A chain of three processors: two computations, a two-hop message, a named and an unnamed tag.
Timeline small_timeline(const MachineSpec& spec) {
  Engine engine;
  Machine m(engine, spec);
  const std::uint32_t tag = m.timeline().intern("a->c");
  m.compute(0, 1.5, m.timeline().intern("a"), [] {});
  m.send(0, 2, 0.25, tag, [] {});
  m.send(2, 0, 0.125, 0, [] {});
  m.compute(2, 2.0, 0, [] {});
  engine.run();
  return std::move(m.timeline());
}

TEST(ChromeTrace, StreamedEventsAreTheDocumentsCompactDump) {
  const MachineSpec spec = uniform_machine(3, {{0, 1}, {1, 2}}, false, ProcessorSpec{1.0, true, kAllPorts, kAllPorts}, 0.5, 0.1);
  const Timeline timeline = small_timeline(spec);
  ASSERT_EQ(timeline.transfers().size(), 4u);
  std::ostringstream streamed;
  write_chrome_trace(timeline, spec, streamed);
  const std::string text = streamed.str();
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  // The whole document, parsed and dumped again compactly, gives the same bytes: the stream is
  // exactly what building the document and calling dump() writes.
  const auto doc = nlohmann::ordered_json::parse(text);
  EXPECT_EQ(doc.dump() + "\n", text);
  EXPECT_EQ(doc["displayTimeUnit"], "ms");
  // 2 process names, 2 entries per processor (3) and per used link direction (4), 2 computes, 4 hops.
  EXPECT_EQ(doc["traceEvents"].size(), 2u + 2 * 3 + 2 * 4 + 2 + 4);
  EXPECT_EQ(chrome_trace_json(timeline, spec), text);
}

}  // namespace
}  // namespace mpnsim
