-- Drives copycat's language server from a real Neovim (0.7 or later), for
-- lsp/neovim_test.go. The environment gives:
--   COPYCAT_CMD   the server's command line, as a JSON list
--   COPYCAT_FILE  the file to open (in the workspace)
--   COPYCAT_ROOT  the workspace folder
--   COPYCAT_WANT  a Lua pattern: wait for diagnostics until one of each
--                 source listed in COPYCAT_SOURCES (comma-separated) is there
--   COPYCAT_OUT   where to write what Neovim saw, a line each:
--                 "diagnostic <line>:<col> <source> <message>" and
--                 "action <title>" for the code actions at the first
--                 copycat diagnostic.
local cmd = vim.fn.json_decode(vim.env.COPYCAT_CMD)
local root = vim.env.COPYCAT_ROOT
local out = {}

local function finish(code)
  vim.fn.writefile(out, vim.env.COPYCAT_OUT)
  vim.cmd((code == 0 and 'qa!') or ('cq ' .. code))
end

local client = vim.lsp.start_client({
  name = 'copycat',
  cmd = cmd,
  root_dir = root,
  workspace_folders = { { uri = vim.uri_from_fname(root), name = 'w' } },
  on_exit = function(code)
    if code ~= 0 then
      table.insert(out, 'exit ' .. code)
    end
  end,
})
if not client then
  table.insert(out, 'error: the server did not start')
  return finish(1)
end

vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.COPYCAT_FILE))
vim.lsp.buf_attach_client(0, client)

local sources = vim.split(vim.env.COPYCAT_SOURCES, ',')
local function seen()
  local have = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    have[d.source or ''] = true
  end
  for _, s in ipairs(sources) do
    if not have[s] then
      return false
    end
  end
  return true
end
if not vim.wait(60000, seen, 20) then
  table.insert(out, 'error: timed out waiting for diagnostics from ' .. vim.env.COPYCAT_SOURCES)
end

local first
local diags = vim.diagnostic.get(0)
table.sort(diags, function(a, b)
  return a.lnum < b.lnum or a.lnum == b.lnum and a.message < b.message
end)
for _, d in ipairs(diags) do
  table.insert(out, string.format('diagnostic %d:%d %s %s', d.lnum + 1, d.col + 1, d.source or '', d.message))
  if d.source == 'copycat' and not first then
    first = d
  end
end

if first then
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(0) },
    range = { start = { line = first.lnum, character = first.col }, ['end'] = { line = first.end_lnum, character = first.end_col } },
    context = { diagnostics = { first.user_data and first.user_data.lsp or {} } },
  }
  local results = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', params, 20000) or {}
  local titles = {}
  for _, res in pairs(results) do
    for _, a in ipairs(res.result or {}) do
      table.insert(titles, a.title)
    end
  end
  table.sort(titles)
  for _, t in ipairs(titles) do
    table.insert(out, 'action ' .. t)
  end
end

vim.lsp.stop_client(client)
vim.wait(10000, function()
  return vim.lsp.get_client_by_id(client) == nil
end, 20)
finish(0)
