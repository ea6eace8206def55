using System.ServiceModel;
using RpcCompare.Contracts;
using RpcCompare.LoadClient.Clients;
using RpcCompare.Stacks;

namespace RpcCompare.UnitTests.Clients;

/// <summary>Both WCF clients read a fault the same way (WcfFaults): NetTcp's subcodes and SOAP 1.1's bare codes alike.</summary>
public sealed class WcfFaultsTests
{
    private const string Soap12 = "http://www.w3.org/2003/05/soap-envelope";

    [Theory]
    [InlineData("NotFound", ErrorKind.NotFound)]
    [InlineData("InvalidArgument", ErrorKind.InvalidArgument)]
    [InlineData("WritesDisabled", ErrorKind.WritesDisabled)]
    [InlineData(FailureCauses.DbPool, ErrorKind.DbPool)]
    [InlineData(FailureCauses.DbTimeout, ErrorKind.DbTimeout)]
    public void ASoap11CodeAndANetTcpSubcodeAreTheSameKind(string cause, ErrorKind kind)
    {
        var soap11 = WcfFaults.Classify(Fault(new FaultCode(cause, GraphContract.ServiceNamespace)));
        var netTcp = WcfFaults.Classify(Fault(new FaultCode("Receiver", Soap12, new FaultCode(cause, GraphContract.ServiceNamespace))));

        Assert.Equal((kind, $"fault {cause}", "why"), (soap11.Kind, soap11.NativeCode, soap11.Message));
        Assert.Equal((kind, $"fault Receiver/{cause}"), (netTcp.Kind, netTcp.NativeCode));
    }

    [Fact]
    public void ServerCodesAreServerErrorsAndClientCodesProtocolErrors()
    {
        Assert.Equal(ErrorKind.Server, WcfFaults.Classify(Fault(new FaultCode("Server"))).Kind);
        Assert.Equal(ErrorKind.Server, WcfFaults.Classify(Fault(new FaultCode("Receiver", Soap12, new FaultCode("InternalServiceFault", "urn:dispatcher")))).Kind);
        Assert.Equal(ErrorKind.Protocol, WcfFaults.Classify(Fault(new FaultCode("Client"))).Kind);
    }

    [Fact]
    public void A413AnswerIsOverLimit()
    {
        var e = new ProtocolException("unexpected response",
            new HttpRequestException("too large", null, System.Net.HttpStatusCode.RequestEntityTooLarge));

        Assert.Equal(ErrorKind.OverLimit, WcfFaults.Classify(e, default).Kind);
    }

    private static FaultException Fault(FaultCode code) => new(new FaultReason("why"), code, null);
}
