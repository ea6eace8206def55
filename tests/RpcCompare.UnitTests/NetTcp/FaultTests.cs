using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.NetTcp;

namespace RpcCompare.UnitTests.NetTcp;

public sealed class FaultTests
{
    [Fact]
    public async Task FaultExceptionReachesTheClientWithCodeAndReasonAndKeepsTheChannelOpen()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await using var _ = control;

        var fault = await Assert.ThrowsAsync<FaultException>(() => channel.ThrowFaultAsync("node 5 is locked", "NodeLocked"));

        Assert.Equal("node 5 is locked", fault.Reason);
        Assert.Equal("node 5 is locked", fault.Message);
        Assert.True(fault.Code.IsSenderFault);
        Assert.Equal("NodeLocked", fault.Code.SubCode?.Name);
        Assert.Equal("http://www.w3.org/2005/08/addressing/soap/fault", fault.Action);
        Assert.False(fault.HasDetail);
        Assert.Equal(CommunicationState.Opened, control.State);
        Assert.Equal("still works", await channel.PingAsync("still works"));
    }

    [Fact]
    public async Task FaultExceptionWithDetailDeliversTheDetail()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        await using var _ = (INetTcpClientChannel)channel;

        var fault = await Assert.ThrowsAsync<FaultException>(() => channel.ThrowDetailedFaultAsync(77));

        Assert.Equal("Node 77 cannot be read.", fault.Reason);
        Assert.True(fault.HasDetail);
        var detail = fault.GetDetail<NodeFaultDetail>();
        Assert.Equal(77, detail.NodeId);
        Assert.Equal("node is archived", detail.Hint);
    }

    [Fact]
    public async Task UnhandledExceptionBecomesTheGenericInternalFaultWithoutExceptionText()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await using var _ = control;

        var fault = await Assert.ThrowsAsync<FaultException>(() => channel.ThrowExceptionAsync("hunter2"));

        Assert.Equal(ServiceFaults.InternalErrorReason, fault.Reason);
        Assert.True(fault.Code.IsReceiverFault);
        Assert.Equal("InternalServiceFault", fault.Code.SubCode?.Name);
        Assert.Equal(ServiceFaults.DispatcherNamespace, fault.Code.SubCode?.Namespace);
        Assert.False(fault.HasDetail);
        Assert.DoesNotContain("hunter2", fault.ToString(), StringComparison.Ordinal);
        Assert.DoesNotContain("InvalidOperationException", fault.Message, StringComparison.Ordinal);
        Assert.DoesNotContain(" at ", fault.Message, StringComparison.Ordinal);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Error), e => e.Exception is InvalidOperationException);
    }

    [Fact]
    public async Task UnhandledExceptionEndsTheSessionLikeWcfSoTheNextCallFaultsTheChannel()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await using var _ = control;
        var faulted = 0;
        control.Faulted += (_, _) => faulted++;

        await Assert.ThrowsAsync<FaultException>(() => channel.ThrowExceptionAsync("x"));
        var broken = await Assert.ThrowsAnyAsync<CommunicationException>(() => channel.PingAsync("after"));

        Assert.IsNotType<FaultException>(broken);
        Assert.Equal(CommunicationState.Faulted, control.State);
        Assert.Equal(1, faulted);
        await Assert.ThrowsAsync<CommunicationObjectFaultedException>(() => channel.PingAsync("again"));
        control.Abort();
        Assert.Equal("fresh", await host.CreateChannel().PingAsync("fresh"));
    }

    [Fact]
    public async Task ReplyThatCannotBeSerializedBecomesTheInternalFault()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        await using var _ = (INetTcpClientChannel)channel;
        Assert.Equal("warm", await channel.PingAsync("warm"));

        var fault = await Assert.ThrowsAsync<FaultException>(() => channel.GetBrokenAsync());

        Assert.Equal("InternalServiceFault", fault.Code.SubCode?.Name);
        Assert.Equal(ServiceFaults.InternalErrorReason, fault.Reason);
        Assert.Contains(host.Logs.NetTcp(LogLevel.Error), e => e.Message.Contains("serializing the reply failed", StringComparison.Ordinal));
    }

    [Fact]
    public async Task RequestThatCannotBeSerializedFailsBeforeSendingAndTheChannelStaysUsable()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var channel = host.CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await using var _ = control;
        Assert.Equal("warm", await channel.PingAsync("warm"));

        await Assert.ThrowsAnyAsync<Exception>(() => channel.AcceptBrokenAsync(new BrokenView { Name = "x" }));

        // Session strings the abandoned request had claimed travel with the next request, so both sides stay in step.
        Assert.Equal(CommunicationState.Opened, control.State);
        Assert.Equal("after", await channel.PingAsync("after"));
        Assert.Equal(5L, await channel.AddAsync(2, 3));
        Assert.Empty(host.Logs.NetTcp(LogLevel.Warning));
    }

    [Fact]
    public async Task IncludeExceptionDetailInFaultsSendsTheExceptionMessageAndDetail()
    {
        await using var host = await NetTcpTestHost.StartAsync(o => o.IncludeExceptionDetailInFaults = true);
        var channel = host.CreateChannel();
        await using var _ = (INetTcpClientChannel)channel;

        var fault = await Assert.ThrowsAsync<FaultException>(() => channel.ThrowExceptionAsync("hunter2"));

        Assert.Equal("database password is hunter2", fault.Reason);
        var detail = fault.GetDetail<ExceptionDetail>();
        Assert.Equal(typeof(InvalidOperationException).FullName, detail.Type);
        Assert.Equal("database password is hunter2", detail.Message);
        Assert.Contains(nameof(TestService.ThrowExceptionAsync), detail.StackTrace, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ContractMismatchGetsTheActionNotSupportedFault()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var otherNamespace = ContractDescription.Create<ITestService>(TestContract.Name, "http://somewhere.else/");
        var channel = new NetTcpChannelFactory<ITestService>(new NetTcpBinding(), host.Address, otherNamespace).CreateChannel();
        var control = (INetTcpClientChannel)channel;
        await using var _ = control;

        var fault = await Assert.ThrowsAsync<FaultException>(() => channel.PingAsync("x"));

        Assert.True(fault.Code.IsSenderFault);
        Assert.Equal("ActionNotSupported", fault.Code.SubCode?.Name);
        Assert.Contains("http://somewhere.else/ITestService/Ping", fault.Reason, StringComparison.Ordinal);
        Assert.Equal(CommunicationState.Opened, control.State);
    }

    [Fact]
    public async Task EndpointPathsMatchCaseInsensitivelyLikeWcf()
    {
        await using var host = await NetTcpTestHost.StartAsync();
        var alias = new Uri($"net.tcp://127.0.0.1:{host.Port}/TEST/");
        var channel = new NetTcpChannelFactory<ITestService>(new NetTcpBinding(), alias, TestContract.Description).CreateChannel();
        await using var _ = (INetTcpClientChannel)channel;

        Assert.Equal("ok", await channel.PingAsync("ok"));
    }
}
