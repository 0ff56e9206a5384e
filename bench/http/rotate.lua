-- wrk script of `npm run bench:http` and `bench:search`: requests rotating over a file (one per line) with an x-api-key
-- header, and a JSON summary line at the end. Arguments after "--": method, path, api key, file. POST sends each line
-- as a JSON body to path; GET takes each line as the path (path is then ignored).

local counter = 0

-- Main state: each thread starts at a different body, so the threads do not send the same sequence in step.
function setup(thread)
  thread:set("offset", counter * 7919)
  counter = counter + 1
end

local reqs = {}
local i = 0

function init(args)
  local method, path, key, file = args[1], args[2], args[3], args[4]
  local headers = { ["x-api-key"] = key }
  if method == "POST" then headers["Content-Type"] = "application/json" end
  for line in io.lines(file) do
    if #line > 0 then
      if method == "POST" then
        reqs[#reqs + 1] = wrk.format("POST", path, headers, line)
      else
        reqs[#reqs + 1] = wrk.format("GET", line, headers)
      end
    end
  end
  if #reqs == 0 then error("no requests in " .. file) end
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
