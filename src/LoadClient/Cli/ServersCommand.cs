using System.CommandLine;
using RpcCompare.LoadClient.Database;
using RpcCompare.LoadClient.Hosts;
using RpcCompare.LoadClient.Placement;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;

namespace RpcCompare.LoadClient.Cli;

/// <summary>
/// `servers`: the database and the hosts, started and left running until Ctrl+C, for manual use or for a load client
/// elsewhere (through the relay or a tunnel): it prints the --target options that client takes, and with --security tls
/// the certificate file it trusts them by, made (or given) and served as a run does (<see cref="RunTls"/>).
/// </summary>
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
        var security = new SecurityOptions();
        var command = new Command("servers", "Start PostgreSQL (if needed, with the dataset loaded) and the hosts; print their addresses " +
            "as --target options (and with --security tls the certificate file a load client trusts them by); stop on Ctrl+C.");
        dataset.AddTo(command);
        command.Options.Add(stacks);
        command.Options.Add(writes);
        foreach (var option in security.All)
        {
            command.Options.Add(option);
        }
        command.SetAction((result, _) => CommandRunner.RunAsync(async cancellationToken =>
        {
            var spec = dataset.ToSpec(result);
            var stackList = StackList.Parse(result.GetValue(stacks)!);
            // Every stack is started here, none is a target: a user's --certificate comes with its key.
            using var tls = security.Bind(result, stackList, new Dictionary<string, string>()) is { IsTls: true } tlsSecurity
                ? RunTls.Open(tlsSecurity)
                : null;
            using var scheduling = SchedulingGroup.Join();
            Console.WriteLine(scheduling.Description);
            var opened = await SeededDatabase.OpenAsync(result.GetValue(dataset.Connection), result.GetValue(dataset.PgData),
                spec, cancellationToken);
            await using var database = opened.Database;
            var hosts = new List<HostProcess>();
            try
            {
                var launch = new HostLaunch
                {
                    AllowWrites = result.GetValue(writes),
                    RestHttp2 = true,
                    CertificatePath = tls?.CertificatePath,
                    CertificateKeyPath = tls?.KeyPath,
                };
                foreach (var stack in stackList)
                {
                    var host = await HostProcess.StartAsync(stack, launch, database.ConnectionString, cancellationToken);
                    hosts.Add(host);
                    Console.WriteLine($"{StackCatalog.DisplayName(stack).PadRight(NameWidth)} pid {host.Pid,-7} {string.Join("  ", host.Ready.Endpoints.Select(e => $"{e.Key} {e.Value}"))}");
                }
                Console.WriteLine(ClientLine(hosts, tls));
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

    /// <summary>
    /// What a load client is given to measure these hosts: each one's --target, and with TLS the certificate to trust. A
    /// certificate made here is pinned by the client whatever address it dials (a relay's, a tunnel's), so copying the
    /// public part is enough; it is valid while these hosts run.
    /// </summary>
    public static string ClientLine(IEnumerable<HostProcess> hosts, RunTls? tls)
    {
        var targets = string.Join(' ', hosts.Select(h => $"--target {h.Stack}={ClientProcessRun.TargetOf(h.Stack, h.Ready.Endpoints, http2: false)}"));
        if (tls is null)
        {
            return $"Load client options: {targets}";
        }
        var certificate = tls.Folder is null
            ? $"the certificate given with --certificate ({tls.CertificatePath})"
            : $"the certificate made for these hosts, public part only, PEM ({tls.CertificatePath}, deleted when servers stops)";
        return $"Security: TLS with {certificate}; copy that file to the load client's machine.{Environment.NewLine}" +
            $"Load client options: --security tls --certificate {tls.CertificatePath} {targets}";
    }
}
