using System.CommandLine;
using RpcCompare.LoadClient.Clients;
using RpcCompare.LoadClient.Runs;

namespace RpcCompare.LoadClient.Cli;

/// <summary>The main job (on the root command): its options (<see cref="RunOptions"/>) bound to a run and the run started.</summary>
public static class RunCommand
{
    public static void AddTo(RootCommand root)
    {
        var options = new RunOptions();
        options.AddTo(root);
        root.SetAction((result, _) => CommandRunner.RunAsync(async cancellationToken =>
        {
            var settings = options.Bind(result);
            if (settings.Stacks.All(settings.IsRemote))
            {
                // Spawning nothing (no database, no host), this process only generates load, the case inline completions are safe for.
                SocketCompletions.RunInline();
            }
            return await RunCoordinator.RunAsync(settings, cancellationToken);
        }));
    }
}
