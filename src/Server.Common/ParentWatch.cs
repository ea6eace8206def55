using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.Hosting;
using RpcCompare.Stacks;

namespace RpcCompare.Server.Common;

/// <summary>
/// Stops the host when the process that started it is gone (--parent-pid), so a load client that is killed outright
/// leaves no server behind.
/// </summary>
public sealed class ParentWatch(IConfiguration configuration, IHostApplicationLifetime lifetime) : BackgroundService
{
    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        var parent = HostSettings.ReadInt(configuration, HostOptionNames.ParentPid, 0, 0, int.MaxValue);
        if (parent == 0)
        {
            return;
        }
        using var timer = new PeriodicTimer(TimeSpan.FromSeconds(1));
        while (await timer.WaitForNextTickAsync(stoppingToken))
        {
            if (!Directory.Exists($"/proc/{parent}"))
            {
                Console.WriteLine($"The parent process {parent} is gone: stopping.");
                lifetime.StopApplication();
                return;
            }
        }
    }
}
