// SPDX-License-Identifier: GPL-3.0-or-later
// Request traces: CSV and JSONL, and errors that name the file, the line and the field.
#include "core/io/input_error.h"
#include "core/io/trace_reader.h"

#include <gtest/gtest.h>

using namespace llmwb;

namespace {
std::string errorOf(const std::string& text, bool jsonLines) {
  try {
    io::parseTrace(text, "trace.txt", jsonLines);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}
} // namespace

TEST(TraceReader, ReadsCsvWithColumnsInAnyOrder) {
  const auto r = io::parseTrace("# a comment\noutput_tokens, arrival_s ,input_tokens,note\n64,0.5,2000,x\n\n8,1.5,100,y\n",
                                "t.csv", false);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_DOUBLE_EQ(r[0].arrival.value(), 0.5);
  EXPECT_EQ(r[0].inputTokens, 2000);
  EXPECT_EQ(r[0].outputTokens, 64);
  EXPECT_EQ(r[1].inputTokens, 100);
}

TEST(TraceReader, ReadsJsonLines) {
  const auto r = io::parseTrace("{\"arrival_s\": 0, \"input_tokens\": 5, \"output_tokens\": 7}\n"
                                "{\"arrival_s\": 2.5, \"input_tokens\": 6, \"output_tokens\": 8}\n",
                                "t.jsonl", true);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_DOUBLE_EQ(r[1].arrival.value(), 2.5);
  EXPECT_EQ(r[1].outputTokens, 8);
}

TEST(TraceReader, ReadsTheShippedTestTraces) {
  EXPECT_EQ(io::readTrace(LLMWB_TEST_DATA "/traces/small.csv").size(), 3u);
  EXPECT_EQ(io::readTrace(LLMWB_TEST_DATA "/traces/small.jsonl").size(), 2u);
}

TEST(TraceReader, ErrorsNameFileLineAndField) {
  EXPECT_EQ(errorOf("arrival_s,input_tokens\n0,1\n", false),
            "trace.txt: line 1: expected a header naming the column output_tokens (arrival_s,input_tokens,output_tokens)");
  EXPECT_EQ(errorOf("arrival_s,input_tokens,output_tokens\n0,1,2\n0.5,abc,3\n", false),
            "trace.txt: line 3/input_tokens: expected a number, got 'abc'");
  EXPECT_EQ(errorOf("arrival_s,input_tokens,output_tokens\n-1,1,2\n", false),
            "trace.txt: line 2/arrival_s: expected an arrival time from 0 to 1e9 s");
  EXPECT_EQ(errorOf("arrival_s,input_tokens,output_tokens\n5,1,2\n# a comment\n1,1,2\n", false),
            "trace.txt: line 4/arrival_s: arrivals go back in time (1.000000 s after 5.000000 s); sort the trace by arrival_s");
  EXPECT_EQ(errorOf("arrival_s,input_tokens,output_tokens\n1,1.5,2\n", false),
            "trace.txt: line 2/input_tokens: expected a whole number of tokens >= 1");
  EXPECT_EQ(errorOf("arrival_s,input_tokens,output_tokens\n1,10\n", false), "trace.txt: line 2/output_tokens: missing value");
  EXPECT_NE(errorOf("{\"arrival_s\": 0, \"input_tokens\": 5}\n", true).find("trace.txt: line 1/output_tokens"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"arrival_s\": 0, \"input_tokens\": 5, \"output_tokens\": 0}\n", true).find("line 1/output_tokens"),
            std::string::npos);
  EXPECT_NE(errorOf("{\"arrival_s\": 0,\n", true).find("trace.txt: line 1: not a JSON object"), std::string::npos);
  EXPECT_THROW(io::readTrace("/nonexistent/trace.csv"), InputError);
}

// A spreadsheet's UTF-8 CSV starts with a byte-order mark; a bad JSON line's message is the
// reader's, not the library's.
TEST(TraceReader, AByteOrderMarkIsNotPartOfTheHeader) {
  const auto requests = io::parseTrace("\xEF\xBB\xBF" "arrival_s,input_tokens,output_tokens\n0,100,10\n1.5,200,20\n", "t.csv", false);
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[1].inputTokens, 200);
  EXPECT_EQ(errorOf("{\"arrival_s\": x}\n", true).find("json.exception"), std::string::npos);
}

// A number past a double's range made the parser throw its out_of_range, which escaped the reader.
TEST(TraceReader, ANumberOutOfRangeIsAnInputError) {
  EXPECT_NE(errorOf("{\"arrival_s\": 1e400, \"input_tokens\": 5, \"output_tokens\": 1}\n", true).find("line 1: a number out of range"),
            std::string::npos);
}
