-- wrk script of `npm run bench:search`: GETs rotating over a file of request paths (one per line) with an x-api-key
-- header, and the same JSON summary line as rotate.lua. Arguments after "--": api key, paths file.

local counter = 0

function setup(thread)
  thread:set("offset", counter * 7919)
  counter = counter + 1
end

local reqs = {}
local i = 0

function init(args)
  local key, file = args[1], args[2]
  local headers = { ["x-api-key"] = key }
  for line in io.lines(file) do
    if #line > 0 then reqs[#reqs + 1] = wrk.format("GET", line, headers) end
  end
  if #reqs == 0 then error("no paths in " .. file) end
  i = (offset or 0) % #reqs
end

function request()
  i = i % #reqs + 1
  return reqs[i]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"status_errors":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
