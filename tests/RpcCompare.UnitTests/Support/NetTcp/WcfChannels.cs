using System.ServiceModel;

namespace RpcCompare.UnitTests.Support.NetTcp;

/// <summary>What the tests do with a channel of Microsoft's WCF client besides calling it: open, close, clean up.</summary>
public static class WcfChannels
{
    public static Task OpenAsync(this ICommunicationObject channel) => Task.Factory.FromAsync(channel.BeginOpen, channel.EndOpen, null);

    /// <summary>WCF's graceful close: waits for calls in progress, sends End and waits for the service's End.</summary>
    public static Task CloseAsync(this ICommunicationObject channel) => Task.Factory.FromAsync(channel.BeginClose, channel.EndClose, null);

    /// <summary>
    /// For <c>await using</c>: at the end of the test the channel is closed gracefully if it is usable (a close that fails
    /// fails the test), aborted otherwise.
    /// </summary>
    public static IAsyncDisposable ClosedAtEnd(object channel) => new Closer((ICommunicationObject)channel);

    private sealed class Closer(ICommunicationObject channel) : IAsyncDisposable
    {
        public async ValueTask DisposeAsync()
        {
            if (channel.State is CommunicationState.Created or CommunicationState.Opened)
            {
                await channel.CloseAsync();
            }
            else
            {
                channel.Abort();
            }
        }
    }
}
