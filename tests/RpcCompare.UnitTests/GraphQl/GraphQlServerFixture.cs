using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.GraphQl;

namespace RpcCompare.UnitTests.GraphQl;

/// <summary>The test schema served by a real Kestrel on 127.0.0.1 with a port chosen by the OS.</summary>
public sealed class GraphQlServerFixture : IAsyncLifetime
{
    public const int MaxBodySize = 16 * 1024;

    private WebApplication? _app;

    public TestGraph Graph { get; } = new(nodeCount: 20);

    public HttpClient Client { get; private set; } = null!;

    public Schema Schema { get; } = TestSchema.Build();

    public async Task InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0));
        builder.Services.AddSingleton(Graph);
        builder.Services.AddGraphQlServer(Schema, options =>
        {
            options.MaxRequestBodySize = MaxBodySize;
            options.Cost = new CostOptions { MaxFieldCost = 1e7, MaxTypeCost = 1e7 };
        });
        _app = builder.Build();
        _app.MapGraphQl();
        await _app.StartAsync();
        var address = _app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First();
        Client = new HttpClient { BaseAddress = new Uri(address) };
    }

    public async Task DisposeAsync()
    {
        Client.Dispose();
        if (_app is not null)
        {
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }
}
