// An implementation behind the protocol (src/runner/process_subject): the
// misbehaving fake adapters of tests/adapters/ each end in the states the
// protocol promises, the other results are kept, and every run ends in bounded
// time. The fakes proxy to `carc-oracle serve` for their correct answers.
#include <signal.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "runner/process_subject.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace std::chrono_literals;

using namespace carc::test;

namespace {

std::vector<std::string> fake(const std::string& script, std::vector<std::string> args = {}) {
  std::vector<std::string> argv{"python3", std::string(CARC_SOURCE_DIR) + "/tests/adapters/" + script, CARC_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

struct FakeRun {
  RunReport report;
  double seconds = 0;
  std::vector<std::string> notes;
  int restarts = 0;

  int count(Outcome o) const { return report.counts()[static_cast<std::size_t>(o)]; }
  const RunResult& result(const std::string& id, const std::string& ruleset = "hig-c3") const {
    for (const auto& r : report.results)
      if (r.id == id && r.ruleset == ruleset) return r;
    FAIL("no result for " << id << " under " << ruleset);
    return report.results.front();
  }
};

// The 10 results of tests/data/runner/pass (all passing under our engine) through a fake.
FakeRun run_fake(std::vector<std::string> argv, std::chrono::milliseconds timeout, Selection sel = {},
                 std::size_t max_line = std::size_t{4} << 20) {
  static const Corpus corpus = load_corpus({data("runner/pass")});
  const auto t0 = std::chrono::steady_clock::now();
  ProcessOptions o;
  o.argv = std::move(argv);
  o.timeout = timeout;
  o.start_timeout = 20000ms;  // python and serve may start slowly on a loaded machine
  o.max_line = max_line;
  auto subject = ProcessSubject::start(o);
  if (!subject) FAIL("the fake did not start: " << subject.error());
  FakeRun out;
  out.report = run_corpus(corpus, sel, **subject);
  out.notes = (*subject)->notes();
  out.restarts = (*subject)->restarts();
  subject->reset();  // stop the process inside the timing
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

}  // namespace

TEST_CASE("serve through the protocol passes the runner fixtures", "[protocol][process]") {
  const FakeRun r = run_fake({CARC_BINARY, "serve"}, 5000ms);
  CHECK(r.report.results.size() == 10);
  CHECK(r.count(Outcome::Passed) == 10);
  CHECK(r.report.subject == "carc-oracle 0.1.0");
  CHECK(r.restarts == 0);
}

TEST_CASE("A hanging implementation times out on that request only and is restarted", "[protocol][process][adapters]") {
  const FakeRun r = run_fake(fake("hang.py", {"BR-03-w"}), 1500ms);
  INFO(r.seconds);
  CHECK(r.count(Outcome::TimedOut) == 1);
  CHECK(r.count(Outcome::Passed) == 9);
  CHECK(r.result("BR-03-w").outcome == Outcome::TimedOut);
  CHECK(contains(r.result("BR-03-w").message, "no reply within 1500 ms; the implementation was stopped and restarted"));
  CHECK(r.restarts == 1);
  CHECK(r.notes == std::vector<std::string>{"restarted the implementation (restart 1)"});
  CHECK(r.seconds < 30);
}

TEST_CASE("An implementation that hangs on everything still ends in bounded time", "[protocol][process][adapters]") {
  Selection sel;
  sel.ids = {"BR-03-v", "BR-04-t"};
  const FakeRun r = run_fake(fake("hang.py", {"--all"}), 1000ms, sel);
  CHECK(r.count(Outcome::TimedOut) == 2);
  CHECK(r.seconds < 30);
}

TEST_CASE("A crash mid-run marks the request in flight crashed and the rest go to a new process",
          "[protocol][process][adapters]") {
  const FakeRun r = run_fake(fake("crash.py", {"3"}), 5000ms);
  INFO(r.seconds);
  // 3 answered, the 4th crashes the process; the next process answers 3 more, then crashes on the 8th.
  CHECK(r.count(Outcome::Crashed) == 2);
  CHECK(r.count(Outcome::Passed) == 8);
  CHECK(r.restarts == 2);
  for (const auto& res : r.report.results) {
    if (res.outcome != Outcome::Crashed) continue;
    CHECK(contains(res.message, "killed by signal 11"));
    CHECK(contains(res.message, "segfaulting on purpose"));  // its stderr
    CHECK(contains(res.message, "restarted"));
  }
  CHECK(r.seconds < 30);
}

TEST_CASE("Garbage instead of a reply errors that request and keeps the others", "[protocol][process][adapters]") {
  const FakeRun r = run_fake(fake("garbage.py"), 2000ms);
  INFO(r.seconds);
  CHECK(r.count(Outcome::Errored) == 6);
  CHECK(r.count(Outcome::Passed) == 4);
  CHECK(contains(r.result("BR-03-w").message, "not a reply (line: not JSON"));
  CHECK(contains(r.result("BR-03-w").message, "\\x00\\xff"));
  CHECK(contains(r.result("BR-04-t").message, "not JSON"));
  CHECK(contains(r.result("BR-03-v").message, "missing required key 'seq'"));
  CHECK(contains(r.result("BR-05-t").message, "unknown key 'scroes'"));
  CHECK(r.restarts == 0);
  CHECK(r.seconds < 30);
}

TEST_CASE("Replies written in fragments are reassembled, and half a line followed by a hang times out",
          "[protocol][process][adapters]") {
  const FakeRun r = run_fake(fake("split.py"), 1500ms);
  INFO(r.seconds);
  CHECK(r.count(Outcome::Passed) == 9);
  CHECK(r.result("BR-04-t").outcome == Outcome::TimedOut);
  CHECK(r.seconds < 30);
}

TEST_CASE("A slow implementation times out only where it is slower than the timeout", "[protocol][process][adapters]") {
  // Each reply takes 0.2 s, so the pipelined requests wait longer than the timeout in all: the clock runs per request.
  const FakeRun r = run_fake(fake("slow.py", {"0.2", "6", "BR-03-w"}), 1500ms);
  INFO(r.seconds);
  CHECK(r.result("BR-03-w").outcome == Outcome::TimedOut);
  CHECK(r.count(Outcome::Passed) == 9);
  CHECK(r.seconds < 30);
}

TEST_CASE("A wrong answer fails with the difference", "[protocol][process][adapters]") {
  const FakeRun r = run_fake(fake("wrong.py"), 5000ms);
  const RunResult& t = r.result("BR-03-t");
  CHECK(t.outcome == Outcome::Failed);
  REQUIRE_FALSE(t.diffs.empty());
  CHECK(t.diffs.front().key == "moves");
  CHECK(t.diffs.front().expected.size() == 1);            // the dropped move is missing
  CHECK(r.result("BR-04-t").outcome == Outcome::Passed);  // game over: no moves to drop
  CHECK(r.count(Outcome::Errored) + r.count(Outcome::Crashed) + r.count(Outcome::TimedOut) == 0);
}

TEST_CASE("Requests needing what the implementation lacks are unsupported and never sent",
          "[protocol][process][adapters]") {
  const std::string log = "/tmp/carc-few-caps-" + std::to_string(getpid()) + ".log";
  FakeRun r = run_fake(fake("few_caps.py", {log}), 5000ms);
  std::set<std::string> sent;
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);) sent.insert(line);
  std::remove(log.c_str());
  CHECK(r.count(Outcome::Unsupported) > 0);
  CHECK_FALSE(sent.empty());
  for (const auto& res : r.report.results) {
    INFO(res.id << " " << res.ruleset << ": " << res.message);
    CHECK((res.outcome == Outcome::Unsupported) != (sent.count(res.id + " " + res.ruleset) == 1));
  }
  CHECK(r.result("BR-03-t").message == "needs query legal");
  CHECK(r.result("BR-04-t").message == "needs query final-scoring");
  // farmers=off decides BR-05-u (no field scores): not sent to an implementation playing only "on".
  CHECK(r.result("BR-05-u", "hig-c3").message == "needs switch farmers=off");
  // BR-05-t's verdict under hig-c1-2000 is the same under the defaults it plays: sent with them,
  // and the result says so (PROTOCOL.md §4).
  const RunResult& t = r.result("BR-05-t", "hig-c1-2000");
  CHECK(t.outcome == Outcome::Passed);
  CHECK(std::find(t.played_as.begin(), t.played_as.end(), PlayedAs{"farmer-scoring", "fs1-city-4", "fs3-field-3"}) !=
        t.played_as.end());
  CHECK(r.result("BR-03-v").outcome == Outcome::Passed);
}

TEST_CASE("A reply to a seq never sent errors the request, and a second reply is ignored",
          "[protocol][process][adapters]") {
  const FakeRun r = run_fake(fake("wrong_seq.py"), 2000ms);
  INFO(r.seconds);
  CHECK(r.result("BR-03-w").outcome == Outcome::Errored);
  CHECK(contains(r.result("BR-03-w").message, "a reply to seq 987654321, which was never sent"));
  CHECK(r.result("BR-05-u").outcome == Outcome::Errored);
  CHECK(r.result("BR-03-v").outcome == Outcome::Passed);
  CHECK(r.count(Outcome::Passed) == 7);
  REQUIRE(r.notes.size() == 1);
  CHECK(contains(r.notes.front(), "ignored a second reply"));
  CHECK(r.seconds < 30);
}

TEST_CASE("A reply line over the limit errors that request without holding it in memory",
          "[protocol][process][adapters]") {
  const FakeRun r = run_fake(fake("huge.py", {"3000000"}), 5000ms, {}, 65536);
  CHECK(r.result("BR-03-w").outcome == Outcome::Errored);
  CHECK(contains(r.result("BR-03-w").message, "over the limit of 65536"));
  CHECK(r.count(Outcome::Passed) == 9);
}

TEST_CASE("An implementation that exits while a process it started holds its stdout is crashed at once",
          "[protocol][process][adapters]") {
  // No end of file comes (`sleep 60` holds the pipe): before the process was
  // watched, each such request waited the whole timeout and was timed_out.
  const FakeRun r = run_fake(fake("orphan_stdout.py", {"3"}), 20000ms);
  CHECK(r.count(Outcome::TimedOut) == 0);
  CHECK(r.count(Outcome::Crashed) == 2);
  CHECK(r.count(Outcome::Passed) == 8);
  for (const auto& x : r.report.results) {
    if (x.outcome != Outcome::Crashed) continue;
    CHECK(contains(x.message, "exited with status 3"));
    CHECK(contains(x.message, "a process it started still held its stdout"));
    CHECK(contains(x.message, "leaving a child on stdout"));
  }
}

namespace {

std::vector<long> pids_in(const std::string& file) {
  std::vector<long> pids;
  std::ifstream in(file);
  for (long pid = 0; in >> pid;) pids.push_back(pid);
  return pids;
}

// Whether a pid is gone: killed and reaped (a zombie would still answer kill 0).
bool gone(long pid) { return ::kill(static_cast<pid_t>(pid), 0) == -1 && errno == ESRCH; }

}  // namespace

TEST_CASE("What an implementation leaves running, in new sessions or orphaned, dies at its restart and at the end",
          "[protocol][process][adapters]") {
  // Before: 8 `sleep 300` outlived the run (setsid took them out of the process group).
  const auto dir = std::filesystem::temp_directory_path() / ("carc-orphans-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  SECTION("killed at the restart after a crash, and with the last process") {
    const std::string pidfile = (dir / "pids").string();
    const FakeRun r = run_fake(fake("orphans.py", {pidfile, "4"}), 20000ms);
    CHECK(r.count(Outcome::Crashed) == 2);
    CHECK(r.count(Outcome::Passed) == 8);
    CHECK(r.restarts == 1);
    const auto pids = pids_in(pidfile);
    CHECK(pids.size() == 8);  // four left by each of the two processes
    // The second process found none of the first one's alive when it started ...
    std::ifstream alive(pidfile + ".alive");
    int starts = 0;
    for (int n = 0; alive >> n; ++starts) CHECK(n == 0);
    CHECK(starts == 2);
    // ... and none is left after the run.
    for (const long pid : pids) {
      INFO("pid " << pid);
      CHECK(gone(pid));
    }
  }
  SECTION("killed when a run ends normally") {
    const std::string pidfile = (dir / "calm").string();
    const FakeRun r = run_fake(fake("orphans.py", {pidfile, "0"}), 20000ms);
    CHECK(r.count(Outcome::Passed) == 10);
    const auto pids = pids_in(pidfile);
    CHECK(pids.size() == 4);
    for (const long pid : pids) {
      INFO("pid " << pid);
      CHECK(gone(pid));
    }
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("A failed handshake or a process that cannot start is an error saying why", "[protocol][process][adapters]") {
  const auto start = [](std::vector<std::string> argv, bool silent = false) {
    ProcessOptions o;
    o.argv = std::move(argv);
    o.timeout = 1000ms;
    o.start_timeout = silent ? 1000ms : 20000ms;
    const auto t0 = std::chrono::steady_clock::now();
    auto s = ProcessSubject::start(o);
    CHECK(std::chrono::steady_clock::now() - t0 < 25s);
    REQUIRE_FALSE(s.ok());
    return s.error();
  };
  const std::string script = std::string(CARC_SOURCE_DIR) + "/tests/adapters/bad_handshake.py";
  CHECK(contains(start({"python3", script, "garbage"}), "not a valid handshake (line: not JSON"));
  CHECK(contains(start({"python3", script, "incomplete"}), "missing required key 'capabilities'"));
  CHECK(contains(start({"python3", script, "version"}), "this runner speaks versions 1 to 11, not 0"));
  const std::string exited = start({"python3", script, "exit"});
  CHECK(contains(exited, "exited with status 2 before replying to start"));
  CHECK(contains(exited, "cannot find my rules database"));
  CHECK(contains(start({"python3", script, "silent"}, true), "no reply to start within 1 s"));
  CHECK(contains(start({"/nonexistent/engine", "--serve"}), "cannot start '/nonexistent/engine'"));
}

TEST_CASE("Command lines split into argv without a shell", "[protocol][process]") {
  using V = std::vector<std::string>;
  CHECK(split_command("engine --serve").value() == V{"engine", "--serve"});
  CHECK(split_command("  a   'b c'  \"d \\\" e\" f\\ g ").value() == V{"a", "b c", "d \" e", "f g"});
  CHECK(split_command("x 'it''s'").value() == V{"x", "its"});
  CHECK(split_command("x ''").value() == V{"x", ""});
  CHECK(split_command("a $HOME | b > c").value() == V{"a", "$HOME", "|", "b", ">", "c"});
  CHECK_FALSE(split_command("a 'b").ok());
  CHECK_FALSE(split_command("a \"b").ok());
  CHECK_FALSE(split_command("   ").ok());
}

TEST_CASE("Progress is reported once per reply, ending at the total, crash or not", "[protocol][process]") {
  const Corpus corpus = load_corpus({data("runner/pass")});
  for (const auto& argv : {std::vector<std::string>{CARC_BINARY, "serve"}, fake("crash.py", {"3"})}) {
    INFO(argv[1]);
    ProcessOptions o;
    o.argv = argv;
    o.timeout = 5000ms;
    o.start_timeout = 20000ms;
    auto subject = ProcessSubject::start(o);
    REQUIRE(subject.ok());
    std::vector<std::pair<std::size_t, std::size_t>> calls;
    (*subject)->on_progress = [&](std::size_t done, std::size_t total) { calls.emplace_back(done, total); };
    const RunReport report = run_corpus(corpus, Selection{}, **subject);
    REQUIRE_FALSE(calls.empty());
    CHECK(calls.back() == std::make_pair(report.results.size(), report.results.size()));
    for (std::size_t i = 1; i < calls.size(); ++i) CHECK(calls[i].first > calls[i - 1].first);
  }
}
