namespace RpcCompare.UnitTests.Grpc;

/// <summary>One default server shared by a test class; tests that change options or use the probe start their own.</summary>
public sealed class GrpcServerFixture : IAsyncLifetime
{
    private TestGrpcServer? _server;

    internal TestGrpcServer Server => _server ?? throw new InvalidOperationException("The server has not started.");

    public async Task InitializeAsync() => _server = await TestGrpcServer.StartAsync();

    public async Task DisposeAsync()
    {
        if (_server is not null)
        {
            await _server.DisposeAsync();
        }
    }
}
