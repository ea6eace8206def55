namespace RpcCompare.UnitTests.Support.NetTcp;

/// <summary>One host with default options shared by the tests of a class that do not need their own.</summary>
public sealed class NetTcpHostFixture : IAsyncLifetime
{
    public NetTcpTestHost Host { get; private set; } = null!;

    public async Task InitializeAsync() => Host = await NetTcpTestHost.StartAsync();

    public async Task DisposeAsync() => await Host.DisposeAsync();
}
