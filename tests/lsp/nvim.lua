-- Neovim's own LSP client attached to `crdlint lsp` (tests/lsp.rs, lsp_in_neovim): opens a
-- resource with a mistake and a CRD with a bad CEL rule, and writes what Neovim received
-- (diagnostics, a hover text, completion labels) as JSON to $CRDLINT_OUT. Written for the
-- API of Neovim 0.7 (Debian 12's), which later versions keep.
local bin = os.getenv("CRDLINT_BIN")
local root = os.getenv("CRDLINT_ROOT")
local out = os.getenv("CRDLINT_OUT")
local result = {}

local function diagnostics(buf)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code
    if code == nil and d.user_data and d.user_data.lsp then
      code = d.user_data.lsp.code
    end
    table.insert(found, { code = code, line = d.lnum, col = d.col, severity = d.severity, message = d.message })
  end
  table.sort(found, function(a, b)
    if a.line ~= b.line then return a.line < b.line end
    return a.col < b.col
  end)
  return found
end

local function request(buf, client, method)
  local answers = vim.lsp.buf_request_sync(buf, method, vim.lsp.util.make_position_params(), 20000)
  local answer = answers and answers[client]
  if answer == nil then error("no answer to " .. method) end
  if answer.err then error(method .. ": " .. vim.inspect(answer.err)) end
  return answer.result
end

local ok, err = pcall(function()
  local client = vim.lsp.start_client({
    name = "crdlint",
    cmd = { bin, "lsp" },
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = "ws" } },
  })
  if client == nil then error("the client did not start") end

  vim.cmd("edit " .. root .. "/res/w.yaml")
  local res = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(res, client)
  vim.wait(30000, function() return #vim.diagnostic.get(res) > 0 end, 20)
  result.resource = diagnostics(res)

  vim.api.nvim_win_set_cursor(0, { 6, 3 }) -- on `size:`
  result.hover = request(res, client, "textDocument/hover").contents.value

  -- A new line under `spec:`: the keys the schema allows there.
  vim.api.nvim_buf_set_lines(res, 6, 7, false, { "  " })
  vim.api.nvim_win_set_cursor(0, { 7, 2 })
  local items = request(res, client, "textDocument/completion")
  items = items.items or items
  result.completion = {}
  for _, item in ipairs(items) do
    table.insert(result.completion, item.label)
  end

  vim.cmd("edit " .. root .. "/crds/gadget.yaml")
  local crd = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(crd, client)
  vim.wait(30000, function() return #vim.diagnostic.get(crd) > 0 end, 20)
  result.crd = diagnostics(crd)
end)
if not ok then result.error = tostring(err) end
local f = assert(io.open(out, "w"))
f:write(vim.fn.json_encode(result))
f:close()
vim.cmd("qa!")
