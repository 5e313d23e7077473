// A thin client: starts `crdlint lsp` (the binary set in `crdlint.path`, else one bundled in
// bin/, else `crdlint` on PATH) for YAML and JSON files, and passes `crdlint.kubeVersion`.
// Everything else is the server's.
"use strict";

const fs = require("fs");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function binary(context) {
  const configured = vscode.workspace.getConfiguration("crdlint").get("path");
  if (configured) {
    return configured;
  }
  const exe = process.platform === "win32" ? "crdlint.exe" : "crdlint";
  const bundled = path.join(context.extensionPath, "bin", exe);
  return fs.existsSync(bundled) ? bundled : "crdlint";
}

function settings() {
  const kubeVersion = vscode.workspace.getConfiguration("crdlint").get("kubeVersion");
  return { kubeVersion: kubeVersion || "" };
}

async function start(context) {
  const command = binary(context);
  client = new LanguageClient(
    "crdlint",
    "crdlint",
    { run: { command, args: ["lsp"] }, debug: { command, args: ["lsp"] } },
    {
      documentSelector: [
        { scheme: "file", language: "yaml" },
        { scheme: "file", language: "json" },
      ],
      initializationOptions: settings(),
    }
  );
  await client.start();
}

async function activate(context) {
  await start(context);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("crdlint.path")) {
        // Another binary: a new server.
        await client.stop();
        await start(context);
      } else if (e.affectsConfiguration("crdlint.kubeVersion")) {
        client.sendNotification("workspace/didChangeConfiguration", { settings: settings() });
      }
    })
  );
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
