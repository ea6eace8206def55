using System.Diagnostics;
using System.ServiceModel.Channels;
using System.ServiceModel.Description;
using System.ServiceModel.Dispatcher;

namespace RpcCompare.LoadClient.Clients;

/// <summary>
/// Times the WCF client's decoding of a reply: from the moment its message inspectors see the reply (the binary encoder
/// has read the buffered envelope and its headers) to the moment its parameter inspectors see the operation's result
/// (DataContractSerializer has read the body into the contract types). Both hooks run one after the other in the
/// proxy's reply processing, which need not run in the caller's async flow (nor does the encoder, on the session's
/// receive loop), so the call's holder is taken as the call starts and handed to them as their correlation state. The transport reads a whole framed message before the encoder sees it
/// and shows no first byte, so receive is not measured. One instance for the factory; a call allocates nothing here.
/// </summary>
internal sealed class WcfDecodeTiming : IEndpointBehavior, IClientMessageInspector, IParameterInspector
{
    public void ApplyClientBehavior(ServiceEndpoint endpoint, ClientRuntime clientRuntime)
    {
        ArgumentNullException.ThrowIfNull(clientRuntime);
        clientRuntime.ClientMessageInspectors.Add(this);
        foreach (var operation in clientRuntime.ClientOperations)
        {
            operation.ClientParameterInspectors.Add(this);
        }
    }

    public void AddBindingParameters(ServiceEndpoint endpoint, BindingParameterCollection bindingParameters)
    {
    }

    public void ApplyDispatchBehavior(ServiceEndpoint endpoint, EndpointDispatcher endpointDispatcher)
    {
    }

    public void Validate(ServiceEndpoint endpoint)
    {
    }

    /// <summary>Runs as the call starts, in the caller's flow: the call's holder travels to the reply as correlation
    /// state, since the reply may be processed where the caller's async flow is not.</summary>
    public object? BeforeSendRequest(ref Message request, System.ServiceModel.IClientChannel channel) => CallTiming.Current;

    /// <summary>Decode starts here; over HTTP receive ends here too (its start, the response headers, is marked by
    /// <see cref="AnswerHeadersTiming"/>); NetTcp marks no start, so its receive stays unmeasured.</summary>
    public void AfterReceiveReply(ref Message reply, object? correlationState)
    {
        if (correlationState is CallTiming timing)
        {
            var now = Stopwatch.GetTimestamp();
            timing.MarkLastByte(now);
            timing.BeginDecode(now);
        }
    }

    public object? BeforeCall(string operationName, object?[] inputs) => CallTiming.Current;

    public void AfterCall(string operationName, object?[] outputs, object? returnValue, object? correlationState) =>
        (correlationState as CallTiming)?.EndDecode(Stopwatch.GetTimestamp());
}
