-- wrk script of `npm run bench:http`: POSTs rotating over a file of JSON bodies (one per line) with an x-api-key header,
-- and a JSON summary line at the end. Arguments after "--": path, api key, bodies file.

local counter = 0

-- Main state: each thread starts at a different body, so the threads do not send the same sequence in step.
function setup(thread)
  thread:set("offset", counter * 7919)
  counter = counter + 1
end

local reqs = {}
local i = 0

function init(args)
  local path, key, file = args[1], args[2], args[3]
  local headers = { ["Content-Type"] = "application/json", ["x-api-key"] = key }
  for line in io.lines(file) do
    if #line > 0 then reqs[#reqs + 1] = wrk.format("POST", path, headers, line) end
  end
  if #reqs == 0 then error("no bodies in " .. file) end
  i = (offset or 0) % #reqs
end

function request()
  i = i % #reqs + 1
  return reqs[i]
end

-- errors.status counts responses with status > 399 (wrk's own rule).
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"status_errors":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.status, e.connect, e.read, e.write, e.timeout))
end
