using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

/// <summary>A real Kestrel server on 127.0.0.1, port 0, serving the test service (and health) with the given options.</summary>
internal sealed class TestGrpcServer : IAsyncDisposable
{
    private readonly WebApplication _app;

    private TestGrpcServer(WebApplication app, Uri address, TestServiceProbe probe)
    {
        _app = app;
        Address = address;
        Probe = probe;
    }

    public Uri Address { get; }

    public TestServiceProbe Probe { get; }

    public static async Task<TestGrpcServer> StartAsync(
        Action<GrpcServerOptions>? configure = null,
        HttpProtocols protocols = HttpProtocols.Http2,
        Action<WebApplication>? mapMore = null)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0, listen => listen.Protocols = protocols));
        builder.Services.AddGrpc(configure);

        var app = builder.Build();
        var probe = new TestServiceProbe();
        TestService.Map(app, probe);
        app.MapGrpcHealthChecks(_ => probe.IsReadyAsync());
        mapMore?.Invoke(app);

        await app.StartAsync();
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        return new TestGrpcServer(app, new Uri(address), probe);
    }

    public GrpcChannel CreateChannel(GrpcChannelOptions? options = null) => GrpcChannel.ForAddress(Address, options);

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
    }
}
