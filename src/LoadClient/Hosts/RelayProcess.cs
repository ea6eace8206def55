using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using RpcCompare.Network;

namespace RpcCompare.LoadClient.Hosts;

/// <summary>
/// The emulated network in front of one host: this program's own `relay` command as a child process, so the link's
/// copying and waiting is neither the client's CPU nor the host's. It stops when its standard input closes, which happens
/// even when the load client is killed outright.
/// </summary>
public sealed class RelayProcess : IAsyncDisposable
{
    private static readonly TimeSpan ReadyTimeout = TimeSpan.FromSeconds(30);
    private readonly Process _process;
    private readonly IDisposable _cleanup;
    private RelayProcess(Process process, IReadOnlyDictionary<string, string> addresses)
    {
        _process = process;
        Addresses = addresses;
        _cleanup = Shutdown.Register(Kill, order: 10);
    }

    public int Pid => _process.Id;

    /// <summary>Upstream address -> the relay's address for it.</summary>
    public IReadOnlyDictionary<string, string> Addresses { get; }

    /// <summary>The same endpoint names, each pointing at the relay in front of it.</summary>
    public IReadOnlyDictionary<string, string> Through(IReadOnlyDictionary<string, string> endpoints) =>
        endpoints.ToDictionary(e => e.Key, e => Addresses[e.Value], StringComparer.Ordinal);

    /// <param name="cpus">Where the relay may run (through taskset, as the hosts, since a child of a pinned client would
    /// inherit the client's CPUs); null when nothing is pinned.</param>
    /// <param name="calibrationDelay">Calibration only: held on every client-to-host segment besides the profile's delay
    /// (the relay's --calibration-delay); zero for every relay of a run without --calibration-delay.</param>
    public static async Task<RelayProcess> StartAsync(NetworkProfile profile, IEnumerable<string> upstreams, IReadOnlyList<int>? cpus,
        TimeSpan calibrationDelay, CancellationToken cancellationToken)
    {
        var start = ChildProcess.DotnetStartInfo(cpus, [typeof(RelayProcess).Assembly.Location, .. Arguments(profile, upstreams, calibrationDelay)]);
        var process = Process.Start(start) ?? throw new UserFacingException("Could not start the network relay.");
        var errors = new List<string>();
        process.ErrorDataReceived += (_, e) =>
        {
            lock (errors)
            {
                // Kept to explain a relay that does not start; bounded, since nothing reads it afterwards.
                if (e.Data is { } line && errors.Count < 100)
                {
                    errors.Add(line);
                }
            }
        };
        process.BeginErrorReadLine();
        try
        {
            var line = await process.StandardOutput.ReadLineAsync(cancellationToken).AsTask().WaitAsync(ReadyTimeout, cancellationToken);
            var ready = line is null ? null : JsonSerializer.Deserialize<RelayReadyLine>(line, RelayReadyLine.JsonOptions);
            if (ready is null)
            {
                await process.WaitForExitAsync(cancellationToken);
                throw new UserFacingException($"The network relay stopped before it was ready: {string.Join(" ", errors)}");
            }
            // From here on what the relay prints is not kept: a connection it cannot make reaches the client as a reset,
            // which the client counts as an error of the call.
            return new RelayProcess(process, ready.Addresses);
        }
        catch (Exception e) when (e is TimeoutException or JsonException)
        {
            ChildProcess.Kill(process);
            throw new UserFacingException($"The network relay did not start ({e.Message}): {string.Join(" ", errors)}");
        }
        catch
        {
            ChildProcess.Kill(process);
            throw;
        }
    }

    /// <summary>The relay command's arguments: --calibration-delay only when a delay is asked for, so a relay of a run
    /// without --calibration-delay can never hold a call longer than its network profile says.</summary>
    public static IReadOnlyList<string> Arguments(NetworkProfile profile, IEnumerable<string> upstreams, TimeSpan calibrationDelay)
    {
        var arguments = new List<string> { "relay", "--network", profile.Name, "--until-stdin-closes" };
        if (calibrationDelay > TimeSpan.Zero)
        {
            arguments.AddRange(["--calibration-delay", $"{calibrationDelay.TotalMilliseconds.ToString("0.######", CultureInfo.InvariantCulture)}ms"]);
        }
        foreach (var upstream in upstreams.Distinct(StringComparer.Ordinal))
        {
            arguments.AddRange(["--forward", upstream]);
        }
        return arguments;
    }

    private void Kill() => ChildProcess.Kill(_process);

    public async ValueTask DisposeAsync()
    {
        try
        {
            _process.StandardInput.Close();
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(5));
            await _process.WaitForExitAsync(timeout.Token);
        }
        catch (Exception e) when (e is OperationCanceledException or IOException)
        {
            Kill();
        }
        _cleanup.Dispose();
        _process.Dispose();
    }
}
