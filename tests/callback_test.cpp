// Tests of Callback: runs once, moves keep it, large or non-trivial callables are owned and freed.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sim/callback.hpp"
#include "sim/engine.hpp"

namespace mpnsim {
namespace {

TEST(Callback, EmptyByDefaultAndFromNullptr) {
  Callback a;
  Callback b = nullptr;
  EXPECT_FALSE(a);
  EXPECT_FALSE(b);
  a.run();  // running nothing is allowed and does nothing
  EXPECT_FALSE(a);
}

TEST(Callback, InlineCallableRunsOnceThenIsEmpty) {
  int calls = 0;
  Callback c = [&calls] { ++calls; };
  ASSERT_TRUE(c);
  c.run();
  EXPECT_EQ(calls, 1);
  EXPECT_FALSE(c);
  c.run();
  EXPECT_EQ(calls, 1);
}

TEST(Callback, MoveTransfersTheCallableAndEmptiesTheSource) {
  std::vector<int> seen;
  int a = 7, b = 9;  // two captured references: 16 bytes, kept inline
  Callback first = [&seen, &a] { seen.push_back(a); };
  Callback second = std::move(first);
  EXPECT_FALSE(first);  // NOLINT(bugprone-use-after-move): testing the moved-from state
  Callback third = [&seen, &b] { seen.push_back(b); };
  third = std::move(second);  // drops the callable third held
  third.run();
  EXPECT_EQ(seen, std::vector<int>{7});
}

TEST(Callback, LargeCallableLivesOnTheHeapAndKeepsItsState) {
  const std::string text(100, 'x');  // a std::string capture is neither small nor trivially copyable
  std::string out;
  Callback c = [text, &out] { out = text; };
  Callback moved = std::move(c);
  moved.run();
  EXPECT_EQ(out, text);
}

TEST(Callback, OwnedCallableIsDestroyedWhetherRunOrDiscarded) {
  auto token = std::make_shared<int>(0);
  {
    Callback run_me = [keep = token] { ++*keep; };
    Callback drop_me = [keep = token] { ++*keep; };
    EXPECT_EQ(token.use_count(), 3);
    run_me.run();
    EXPECT_EQ(token.use_count(), 2);  // freed as soon as it has run
    drop_me.reset();
    EXPECT_EQ(token.use_count(), 1);
    Callback left = [keep = token] { ++*keep; };
    EXPECT_EQ(token.use_count(), 2);
  }  // `left` is freed without running
  EXPECT_EQ(token.use_count(), 1);
  EXPECT_EQ(*token, 1);
}

TEST(Callback, OwnedCallableIsFreedEvenWhenItThrows) {
  auto token = std::make_shared<int>(0);
  Callback c = [keep = token] { throw std::runtime_error("boom"); };
  EXPECT_THROW(c.run(), std::runtime_error);
  EXPECT_FALSE(c);
  EXPECT_EQ(token.use_count(), 1);
}

TEST(Callback, PendingEventsOfADiscardedEngineAreFreed) {
  auto token = std::make_shared<int>(0);
  {
    Engine e;
    for (int i = 0; i < 100; ++i) e.schedule_at(i, [keep = token] { ++*keep; });
    e.step();
    EXPECT_EQ(*token, 1);
  }
  EXPECT_EQ(token.use_count(), 1);
}

}  // namespace
}  // namespace mpnsim
