using System.Runtime.Serialization;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The fault detail sent for an unhandled service exception when IncludeExceptionDetailInFaults is on;
/// same data contract name and namespace as System.ServiceModel.ExceptionDetail.
/// </summary>
[DataContract(Name = "ExceptionDetail", Namespace = "http://schemas.datacontract.org/2004/07/System.ServiceModel")]
public sealed class ExceptionDetail
{
    public ExceptionDetail(Exception exception)
    {
        ArgumentNullException.ThrowIfNull(exception);
        HelpLink = exception.HelpLink;
        InnerException = exception.InnerException is null ? null : new ExceptionDetail(exception.InnerException);
        Message = exception.Message;
        StackTrace = exception.StackTrace;
        Type = exception.GetType().FullName;
    }

    [DataMember]
    public string? HelpLink { get; set; }

    [DataMember]
    public ExceptionDetail? InnerException { get; set; }

    [DataMember]
    public string? Message { get; set; }

    [DataMember]
    public string? StackTrace { get; set; }

    [DataMember]
    public string? Type { get; set; }

    public override string ToString() => $"{Type}: {Message}";
}
