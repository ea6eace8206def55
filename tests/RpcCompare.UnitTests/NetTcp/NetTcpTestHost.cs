using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

/// <summary>A real Kestrel host serving <see cref="ITestService"/> over NetTcp on 127.0.0.1 and a free port.</summary>
public sealed class NetTcpTestHost : IAsyncDisposable
{
    public const string Path = "/test";

    private readonly WebApplication _app;

    private NetTcpTestHost(WebApplication app, CollectingLoggerProvider logs)
    {
        _app = app;
        Logs = logs;
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        Port = new Uri(address).Port;
        Address = new Uri($"net.tcp://127.0.0.1:{Port}{Path}");
        Service = app.Services.GetRequiredService<TestService>();
    }

    public int Port { get; }

    public Uri Address { get; }

    public TestService Service { get; }

    public CollectingLoggerProvider Logs { get; }

    public static async Task<NetTcpTestHost> StartAsync(Action<NetTcpServiceOptions>? configure = null)
    {
        var logs = new CollectingLoggerProvider();
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(logs);
        builder.Logging.SetMinimumLevel(LogLevel.Debug);
        builder.Services.AddNetTcpService<ITestService, TestService>(TestContract.Description, configure);
        builder.WebHost.ConfigureKestrel(k => k.Listen(IPAddress.Loopback, 0, l => l.UseNetTcp<ITestService>(Path)));
        var app = builder.Build();
        await app.StartAsync();
        return new NetTcpTestHost(app, logs);
    }

    public ITestService CreateChannel(NetTcpBinding? binding = null) =>
        new NetTcpChannelFactory<ITestService>(binding ?? new NetTcpBinding(), Address, TestContract.Description).CreateChannel();

    public Task StopAsync() => _app.StopAsync();

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
