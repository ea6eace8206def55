using System.CommandLine;
using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;
using RpcCompare.LoadClient.Terminal;

Shutdown.Install();
ConsoleSetup.Apply();

var root = new RootCommand("RpcCompare: gRPC, WCF (NetTcp), REST and GraphQL, the roads off WCF (code-first gRPC, gRPC JSON transcoding) and the roads teams take when they cannot rewrite (SOAP over HTTP, gRPC-Web), measured on one PostgreSQL graph workload.");
RunCommand.AddTo(root);
root.Subcommands.Add(SeedCommand.Create());
root.Subcommands.Add(ServersCommand.Create());
root.Subcommands.Add(ReportCommands.Report());
root.Subcommands.Add(ReportCommands.Compare());
root.Subcommands.Add(MergeCommand.Create());
root.Subcommands.Add(RelayCommand.Create());
root.Subcommands.Add(CalibrateCommand.Create());
root.Subcommands.Add(RecountCommand.Create());

// Signals are ours (Shutdown): the run must stop its servers and keep its results, not be cut off after a timeout.
return await root.Parse(args).InvokeAsync(new InvocationConfiguration { ProcessTerminationTimeout = null });
