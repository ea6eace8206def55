using System.CommandLine;
using RpcCompare.LoadClient.Database;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Placement;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>`servers`: the database and the four hosts, started and left running until Ctrl+C, for manual use.</summary>
public static class ServersCommand
{
    /// <summary>The widest stack name, so the hosts' lines stay in columns.</summary>
    private static readonly int NameWidth = StackCatalog.All.Max(s => s.DisplayName.Length);

    public static Command Create()
    {
        var dataset = new DatasetOptions();
        var stacks = new Option<string>("--stacks")
        {
            Description = $"Comma-separated stacks to start, from {string.Join(", ", StackCatalog.Ids)}.",
            DefaultValueFactory = _ => string.Join(',', StackCatalog.DefaultIds),
        };
        var writes = new Option<bool>("--allow-writes") { Description = "Let the hosts accept CreateNode." };
        var command = new Command("servers", "Start PostgreSQL (if needed, with the dataset loaded) and the hosts; print their addresses; stop on Ctrl+C.");
        dataset.AddTo(command);
        command.Options.Add(stacks);
        command.Options.Add(writes);
        command.SetAction((result, _) => CommandRunner.RunAsync(async cancellationToken =>
        {
            var spec = dataset.ToSpec(result);
            var stackList = StackList.Parse(result.GetValue(stacks)!);
            using var scheduling = SchedulingGroup.Join();
            Console.WriteLine(scheduling.Description);
            var opened = await SeededDatabase.OpenAsync(result.GetValue(dataset.Connection), result.GetValue(dataset.PgData),
                spec, cancellationToken);
            await using var database = opened.Database;
            var hosts = new List<HostProcess>();
            try
            {
                foreach (var stack in stackList)
                {
                    var host = await HostProcess.StartAsync(stack, new HostLaunch { AllowWrites = result.GetValue(writes), RestHttp2 = true },
                        database.ConnectionString, cancellationToken);
                    hosts.Add(host);
                    Console.WriteLine($"{StackCatalog.DisplayName(stack).PadRight(NameWidth)} pid {host.Pid,-7} {string.Join("  ", host.Ready.Endpoints.Select(e => $"{e.Key} {e.Value}"))}");
                }
                Console.WriteLine("Running; press Ctrl+C to stop everything.");
                await Task.Delay(Timeout.Infinite, cancellationToken);
                return CommandRunner.Ok;
            }
            catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
            {
                Console.WriteLine("Stopping.");
                return CommandRunner.Ok;
            }
            finally
            {
                foreach (var host in hosts)
                {
                    await host.DisposeAsync();
                }
            }
        }));
        return command;
    }
}
