using System.Collections.Concurrent;
using System.Net;
using System.ServiceModel;
using System.ServiceModel.Channels;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Protocols.NetTcp;
using NetTcpBinding = System.ServiceModel.NetTcpBinding;

namespace RpcCompare.UnitTests.Support.NetTcp;

/// <summary>
/// A real Kestrel host serving <see cref="ITestService"/> over NetTcp on 127.0.0.1 and a free port, and channels to it from
/// Microsoft's WCF client (System.ServiceModel.NetTcp), the client the service has to interoperate with.
/// </summary>
public sealed class NetTcpTestHost : IAsyncDisposable
{
    public const string Path = "/test";

    /// <summary>
    /// The connection buffer the load client sets for large answers: with WCF's default of 8 KiB, Linux stalls a response
    /// by about 200 ms per 16 KB.
    /// </summary>
    public const int LargeConnectionBufferSize = 256 * 1024;

    private readonly WebApplication _app;
    private readonly ConcurrentQueue<ICommunicationObject> _factories = new();
    private readonly ConnectionCounter _connections;

    private NetTcpTestHost(WebApplication app, CollectingLoggerProvider logs, ConnectionCounter connections)
    {
        _app = app;
        Logs = logs;
        _connections = connections;
        var address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        Port = new Uri(address).Port;
        Address = new Uri($"net.tcp://127.0.0.1:{Port}{Path}");
        Service = app.Services.GetRequiredService<TestService>();
    }

    public int Port { get; }

    public Uri Address { get; }

    public TestService Service { get; }

    public CollectingLoggerProvider Logs { get; }

    /// <summary>TCP connections the host accepted so far.</summary>
    public int ConnectionsAccepted => Volatile.Read(ref _connections.Count);

    public static async Task<NetTcpTestHost> StartAsync(Action<NetTcpServiceOptions>? configure = null)
    {
        var logs = new CollectingLoggerProvider();
        var connections = new ConnectionCounter();
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.Logging.AddProvider(logs);
        builder.Logging.SetMinimumLevel(LogLevel.Debug);
        builder.Services.AddNetTcpService<ITestService, TestService>(TestContract.Description, configure);
        builder.WebHost.ConfigureKestrel(k => k.Listen(IPAddress.Loopback, 0, l =>
        {
            l.Use(next => connection =>
            {
                Interlocked.Increment(ref connections.Count);
                return next(connection);
            });
            l.UseNetTcp<ITestService>(Path);
        }));
        var app = builder.Build();
        await app.StartAsync();
        return new NetTcpTestHost(app, logs, connections);
    }

    /// <summary>WCF's NetTcpBinding without security, as the studied team ran it; the default client settings otherwise.</summary>
    public static NetTcpBinding ClientBinding() => new(SecurityMode.None);

    /// <summary>The binding with the load client's connection buffer, for tests that receive large answers.</summary>
    public static Binding WithLargeConnectionBuffer(NetTcpBinding binding, WireCounter? wire = null) => Customize(binding, LargeConnectionBufferSize, wire);

    /// <summary>The binding with the load client's byte counting: every envelope sent and received, with its framing.</summary>
    public static Binding Counting(NetTcpBinding binding, WireCounter wire) => Customize(binding, null, wire);

    private static CustomBinding Customize(NetTcpBinding binding, int? connectionBufferSize, WireCounter? wire) =>
        WcfBindings.Tuned(binding, connectionBufferSize, wire);

    /// <summary>A new channel (not yet opened: the first call opens it) from a new factory for this host's endpoint.</summary>
    public ITestService CreateChannel(Binding? binding = null) => CreateChannel<ITestService>(binding, Address);

    /// <summary>A channel of any contract to any address, e.g. another path or another contract namespace.</summary>
    public TContract CreateChannel<TContract>(Binding? binding, Uri address) => CreateFactory<TContract>(binding, address).CreateChannel();

    /// <summary>A factory whose channels share WCF's connection pool; aborted when the host is disposed.</summary>
    public ChannelFactory<TContract> CreateFactory<TContract>(Binding? binding, Uri address) =>
        CreateFactory<TContract>(binding, new EndpointAddress(address));

    /// <summary>A factory for an address with an identity (the DNS name a TLS certificate must hold).</summary>
    public ChannelFactory<TContract> CreateFactory<TContract>(Binding? binding, EndpointAddress address)
    {
        var factory = new ChannelFactory<TContract>(binding ?? ClientBinding(), address);
        _factories.Enqueue(factory);
        return factory;
    }

    public Task StopAsync() => _app.StopAsync();

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();

        // After the service stopped, so that tests see what the service did to channels still open; aborting a factory
        // aborts its channels and closes its pooled connections.
        while (_factories.TryDequeue(out var factory))
        {
            factory.Abort();
        }
    }

    private sealed class ConnectionCounter
    {
        public int Count;
    }
}
