-- nginx's own span of every request it passes on to the gateway, so a trace begins where the
-- request entered. Its trace id, span id and parent are the ones default.conf.template's maps
-- chose and sent upstream in traceparent; its times are nginx's. Each worker keeps its spans and
-- sends them twice a second in one OTLP/HTTP request (JSON) to the collector at the address
-- start() is given ("" sends nothing). Tracing must never hold the site up: a collector that is
-- away costs a logged warning and those spans, and no worker keeps more than MAX_SPANS waiting.
local M = {}

local MAX_SPANS = 2048
local FLUSH_EVERY = 0.5

local spans = {}
local host, port

-- JSON string contents: quotes, backslashes and control characters escaped.
local function esc(s)
	return (tostring(s):gsub('[%c"\\]', function(c)
		return string.format("\\u%04x", c:byte())
	end))
end

local function str(key, value)
	return '{"key":"' .. key .. '","value":{"stringValue":"' .. esc(value) .. '"}}'
end

local function int(key, value)
	return '{"key":"' .. key .. '","value":{"intValue":"' .. string.format("%d", value) .. '"}}'
end

-- flush sends what this worker holds; a timer's callback, so it may use sockets.
function M.flush()
	if #spans == 0 then
		return
	end
	local batch = spans
	spans = {}
	local body = '{"resourceSpans":[{"resource":{"attributes":[' .. str("service.name", "nginx")
		.. ']},"scopeSpans":[{"scope":{"name":"linguaport/nginx"},"spans":[' .. table.concat(batch, ",") .. "]}]}]}"
	local sock = ngx.socket.tcp()
	sock:settimeout(2000)
	local ok, err = sock:connect(host, port)
	if not ok then
		ngx.log(ngx.WARN, "traces not sent to ", host, ":", port, ": ", err)
		return
	end
	ok, err = sock:send("POST /v1/traces HTTP/1.1\r\nHost: " .. host .. "\r\nContent-Type: application/json\r\n"
		.. "Content-Length: " .. #body .. "\r\nConnection: close\r\n\r\n" .. body)
	local status = ok and sock:receive("*l")
	if not status or not status:match("^HTTP/1%.%d 2") then
		ngx.log(ngx.WARN, "traces not taken by ", host, ":", port, ": ", status or err)
	end
	sock:close()
end

-- start runs in every worker (init_worker_by_lua) with the collector's host:port.
function M.start(addr)
	local h, p = addr:match("^(.+):(%d+)$")
	if not h then
		return
	end
	host, port = h, tonumber(p)
	local ok, err = ngx.timer.every(FLUSH_EVERY, M.flush)
	if not ok then
		ngx.log(ngx.ERR, "no trace export: ", err)
	end
end

-- log records the request's span (log_by_lua), if it went upstream and its trace is sampled.
function M.log()
	local v = ngx.var
	if not host or #spans >= MAX_SPANS or (v.upstream_addr or "") == "" then
		return
	end
	local flags = tonumber(v.lp_trace_flags, 16) or 0
	if flags % 2 == 0 then
		return
	end
	ngx.update_time()
	local status = tonumber(v.status) or 0
	-- Named by nginx's location, as nginx's own tracing module does ("POST /api/"): a name taken
	-- from the path would let any visitor add operations without end. The path is an attribute,
	-- and the gateway's span below names the route.
	local route = v.uri:match("^/api/") or "/"
	local attributes = {
		str("http.request.method", v.request_method),
		str("url.path", v.uri),
		int("http.response.status_code", status),
		str("http.request.id", v.request_id),
		str("server.address", v.host),
		str("network.peer.address", v.upstream_addr),
		-- The client as the limits count it: the peer, or whom a trusted proxy named.
		str("client.address", v.remote_addr),
	}
	local parent = v.lp_parent_id
	spans[#spans + 1] = '{"traceId":"' .. v.lp_trace_id .. '","spanId":"' .. v.lp_span_id .. '"'
		.. (parent ~= "" and (',"parentSpanId":"' .. parent .. '"') or "")
		.. ',"name":"' .. esc(v.request_method .. " " .. route) .. '","kind":2'
		.. ',"startTimeUnixNano":"' .. string.format("%d", math.floor(ngx.req.start_time() * 1000)) .. '000000"'
		.. ',"endTimeUnixNano":"' .. string.format("%d", math.floor(ngx.now() * 1000)) .. '000000"'
		.. ',"attributes":[' .. table.concat(attributes, ",") .. "]"
		.. ',"status":{"code":' .. (status >= 500 and 2 or 0) .. "}}"
end

return M
