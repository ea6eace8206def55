using System.ServiceModel;
using Microsoft.Extensions.Logging;
using RpcCompare.UnitTests.Support.NetTcp;
using ServiceFaults = RpcCompare.Protocols.NetTcp.ServiceFaults;

namespace RpcCompare.UnitTests.NetTcp;

/// <summary>SOAP faults of the NetTcp service as Microsoft's WCF client receives them, and what they do to its session.</summary>
public sealed class SoapFaultTests
{
    /// <summary>Ping of <see cref="ITestService"/> under another contract namespace: an action the service does not know.</summary>
    [ServiceContract(Name = TestContract.Name, Namespace = "http://somewhere.else/")]
    public interface IOtherNamespace
    {
        [OperationContract]
        Task<string> PingAsync(string payload);
    }

    [Fact]
    public async Task FaultExceptionReachesTheClientWithItsCodeAndReason()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        var fault = await Assert.ThrowsAsync<FaultException>(() => channel.ThrowFaultAsync("node 5 is locked", "NodeLocked"));

        Assert.Equal("node 5 is locked", fault.Reason.ToString());
        Assert.Equal("node 5 is locked", fault.Message);
        Assert.True(fault.Code.IsSenderFault);
        Assert.Equal("NodeLocked", fault.Code.SubCode?.Name);
        // The service sends SOAP 1.2's default fault action, which WCF's client reports as no action.
        Assert.Null(fault.Action);
        Assert.False(fault.CreateMessageFault().HasDetail);
        Assert.Equal(CommunicationState.Opened, ((ICommunicationObject)channel).State);
        Assert.Equal("still works", await channel.PingAsync("still works"));
    }

    [Fact]
    public async Task FaultExceptionWithDetailDeliversTheDetail()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        // The operation declares [FaultContract(typeof(NodeFaultDetail))], so WCF deserializes the detail.
        var fault = await Assert.ThrowsAsync<FaultException<NodeFaultDetail>>(() => channel.ThrowDetailedFaultAsync(77));

        Assert.Equal("Node 77 cannot be read.", fault.Reason.ToString());
        Assert.Equal(77, fault.Detail.NodeId);
        Assert.Equal("node is archived", fault.Detail.Hint);
    }

    [Fact]
    public async Task UnhandledExceptionBecomesTheGenericInternalFault()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();

        var fault = await Assert.ThrowsAsync<FaultException>(() => channel.ThrowExceptionAsync("hunter2"));

        Assert.Equal(ServiceFaults.InternalErrorReason, fault.Reason.ToString());
        Assert.True(fault.Code.IsReceiverFault);
        Assert.Equal("InternalServiceFault", fault.Code.SubCode?.Name);
        Assert.Equal(ServiceFaults.DispatcherNamespace, fault.Code.SubCode?.Namespace);
        Assert.False(fault.CreateMessageFault().HasDetail);
        Assert.DoesNotContain("hunter2", fault.ToString(), StringComparison.Ordinal);
        Assert.DoesNotContain("InvalidOperationException", fault.Message, StringComparison.Ordinal);
        Assert.DoesNotContain(" at ", fault.Message, StringComparison.Ordinal);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Error), e => e.Exception is InvalidOperationException);
        // The service ended the session after this fault (see UnhandledExceptionEndsTheSessionLikeWcfSoTheChannelFaults).
        ((ICommunicationObject)channel).Abort();
    }

    /// <summary>
    /// After the fault the service ends the session, as WCF does after an unhandled exception: WCF's client faults the
    /// channel, and the caller needs a new one. (The channel is opened explicitly: on an auto-opened channel WCF's client
    /// sends the first call after the fault anyway, and it then waits for its whole SendTimeout.)
    /// </summary>
    [Fact]
    public async Task UnhandledExceptionEndsTheSessionLikeWcfSoTheChannelFaults()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (ICommunicationObject)channel;
        var faulted = 0;
        control.Faulted += (_, _) => Interlocked.Increment(ref faulted);
        await control.OpenAsync();

        await Assert.ThrowsAsync<FaultException>(() => channel.ThrowExceptionAsync("x"));
        await Eventually.TrueAsync(() => control.State != CommunicationState.Opened);

        Assert.Equal(CommunicationState.Faulted, control.State);
        Assert.Equal(1, Volatile.Read(ref faulted));
        // WCF's client refuses the faulted channel with CommunicationObjectFaultedException, or, when the session's end is
        // what its call preparation looks at first, with ProtocolException ("the output session was auto-closed due to a
        // server-initiated shutdown"); which one is a race inside the client. Both mean the caller needs a new channel.
        var refused = await Assert.ThrowsAnyAsync<CommunicationException>(() => channel.PingAsync("after"));
        Assert.True(refused is CommunicationObjectFaultedException or ProtocolException, refused.GetType().Name);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Information), e => e.Message.Contains("session is aborted after an unhandled service exception", StringComparison.Ordinal));
        control.Abort();
        Assert.Equal("fresh", await host.CreateChannel().PingAsync("fresh"));
    }

    [Fact]
    public async Task ReplyThatCannotBeSerializedBecomesTheInternalFault()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        Assert.Equal("warm", await channel.PingAsync("warm"));

        var fault = await Assert.ThrowsAsync<FaultException>(() => channel.GetBrokenAsync());

        Assert.Equal("InternalServiceFault", fault.Code.SubCode?.Name);
        Assert.Equal(ServiceFaults.InternalErrorReason, fault.Reason.ToString());
        Assert.Contains(host.Logs.NetTcp(LogLevel.Error), e => e.Message.Contains("serializing the reply failed", StringComparison.Ordinal));
        // The service ended the session after this fault (see UnhandledExceptionEndsTheSessionLikeWcfSoTheChannelFaults).
        ((ICommunicationObject)channel).Abort();
    }

    /// <summary>WCF's client turns a fault with an ExceptionDetail into FaultException&lt;ExceptionDetail&gt;.</summary>
    [Fact]
    public async Task IncludeExceptionDetailInFaultsSendsTheDetail()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.IncludeExceptionDetailInFaults = true);
        var channel = host.CreateChannel();

        var fault = await Assert.ThrowsAsync<FaultException<ExceptionDetail>>(() => channel.ThrowExceptionAsync("hunter2"));

        Assert.Equal("database password is hunter2", fault.Reason.ToString());
        Assert.Equal(typeof(InvalidOperationException).FullName, fault.Detail.Type);
        Assert.Equal("database password is hunter2", fault.Detail.Message);
        Assert.Contains(nameof(TestService.ThrowExceptionAsync), fault.Detail.StackTrace, StringComparison.Ordinal);
        // The service ended the session after this fault (see UnhandledExceptionEndsTheSessionLikeWcfSoTheChannelFaults).
        ((ICommunicationObject)channel).Abort();
    }

    /// <summary>WCF's client turns the ActionNotSupported fault into ActionNotSupportedException.</summary>
    [Fact]
    public async Task ContractMismatchGetsTheActionNotSupportedFault()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel<IOtherNamespace>(null, host.Address);
        var control = (ICommunicationObject)channel;
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        var error = await Assert.ThrowsAsync<ActionNotSupportedException>(() => channel.PingAsync("x"));

        Assert.Contains("http://somewhere.else/ITestService/Ping", error.Message, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Opened, control.State);
    }

    [Fact]
    public async Task EndpointPathsMatchCaseInsensitivelyLikeWcf()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel<ITestService>(null, new Uri($"net.tcp://127.0.0.1:{host.Port}/TEST/"));
        await using var _ = WcfChannels.ClosedAtEnd(channel);

        Assert.Equal("ok", await channel.PingAsync("ok"));
    }
}
