// The seig extension's client: starts `seig lsp` (the binary named by the `seig.path`
// setting) for .seig files. Everything else (highlighting, brackets, comments) is declared
// in package.json.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("seig").get("path") || "seig";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "seig",
    "seig language server",
    { run: server, debug: server },
    { documentSelector: [{ scheme: "file", language: "seig" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
