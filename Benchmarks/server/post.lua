-- wrk's requests for the server benchmark (load.py): POST the file named by BODY as JSON.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = file:read("*a")
file:close()
