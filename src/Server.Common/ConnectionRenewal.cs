using System.Runtime.InteropServices;
using Microsoft.Extensions.Hosting;
using Npgsql;

namespace RpcCompare.Server.Common;

/// <summary>
/// On SIGUSR1 the host closes its idle PostgreSQL connections, so the next calls open new ones (new server
/// processes). The load client sends it before each measurement of a host it started: a host's connections are a
/// sample of their own (each backend's CPU placement and caches), and with the same ones kept for a whole run two hosts
/// of one stack differed steadily by 5-12% at the median (docs/reports.md, "Calibration"). A deployed host never gets
/// the signal, so it keeps Npgsql's pooling as it is.
/// </summary>
public sealed class ConnectionRenewal(NpgsqlDataSource dataSource) : IHostedService, IDisposable
{
    /// <summary>SIGUSR1 on Linux: a signal no runtime part of .NET and no terminal sends.</summary>
    public const int Signal = 10;

    private PosixSignalRegistration? _registration;

    /// <summary>"rpccompare-grpc-4242": the application name of this host's PostgreSQL connections.</summary>
    public static string ApplicationName(string stack) => $"rpccompare-{stack}-{Environment.ProcessId}";

    public Task StartAsync(CancellationToken cancellationToken)
    {
        _registration = PosixSignalRegistration.Create((PosixSignal)Signal, context =>
        {
            context.Cancel = true;
            dataSource.Clear();
        });
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public void Dispose() => _registration?.Dispose();
}
